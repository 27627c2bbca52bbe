/**
 * What a refused script asked for that the member's grants do not cover (issue 25 point 6): the
 * apply form's prefill, so the application carries exactly the refused tables and columns — not a
 * whole schema. Tables whose columns are all allowed are left out; a table not reached at all, or
 * read with `*` where only some columns are allowed, is asked for whole (columns null).
 */
import type { ApprovalScopeItem } from '@askdb/contracts';
import type { StatementAccess } from '@askdb/sql';
import { allowedColumns, missingColumns, sameName } from '../permissions/grant-match.js';
import type { CheckInput } from '../permissions/statement-check.js';

export function refusedScope(input: Pick<CheckInput, 'grants' | 'dialect' | 'place' | 'hasDatabase' | 'hasSchema'>, accesses: StatementAccess[]): ApprovalScopeItem[] {
  const ci = input.dialect.identifierCase === 'preserve';
  const out: ApprovalScopeItem[] = [];
  const add = (item: ApprovalScopeItem) => {
    const same = out.find((o) => o.databaseName === item.databaseName && o.schemaName === item.schemaName && sameName(o.tableName, item.tableName, ci));
    if (!same) return void out.push(item);
    same.columns = same.columns && item.columns ? [...new Set([...same.columns, ...item.columns])] : null;
    same.actions = [...new Set([...same.actions, ...item.actions])];
  };
  for (const a of accesses) {
    for (const [list, action] of [[a.reads, 'READ'], [a.writes, 'WRITE']] as const) {
      for (const t of list) {
        const place = {
          databaseName: input.hasDatabase ? t.table.database ?? input.place.databaseName : null,
          schemaName: input.hasSchema ? t.table.schema ?? input.place.schemaName : null,
          tableName: t.table.name,
        };
        const allowed = allowedColumns(input.grants, action, place, ci);
        const missing = allowed === null ? (t.columns === '*' || !t.columns.length ? '*' : t.columns) : missingColumns(allowed, t.columns, ci);
        if (missing !== '*' && !missing.length) continue;
        add({ ...place, columns: missing === '*' ? null : [...missing], actions: [action] });
      }
    }
  }
  return out.slice(0, 100);
}
