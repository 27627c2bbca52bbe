/**
 * The "permissions restricted" state (spec 02 §8): the request layer reports every 403
 * NO_DATA_ACCESS_PERMISSION / NO_SCRIPT_PERMISSION here; one dialog shows at a time (a tree that
 * refuses several requests at once asks once), and "apply" turns it into the prefilled apply form.
 */
import { create } from 'zustand';
import { onPermissionRefused, type ApiError } from '../../lib/api';
import type { ApprovalScopeItem } from '@askdb/contracts';
import type { ApplyPrefill } from './governance-api';

export interface Refusal {
  code: 'NO_DATA_ACCESS_PERMISSION' | 'NO_SCRIPT_PERMISSION';
  message: string;
  prefill: ApplyPrefill;
}

interface RefusalState {
  refusal: Refusal | null;
  /** The apply form, open with this prefill (null: closed). */
  applying: ApplyPrefill | null;
  /** Counts applications sent from the form (the apply list reloads on a change). */
  submitted: number;
  /** The Team page should show its Apply list (set by "apply for permission" in the dialog; the page clears it). */
  showApplyList: boolean;
  report(e: ApiError): void;
  dismiss(): void;
  openApply(prefill?: ApplyPrefill): void;
  /** The dialog's "apply for permission" (spec 02 §8): the Apply list, with the form prefilled from the refusal. */
  applyFromRefusal(): void;
  applyListShown(): void;
  closeApply(sent?: boolean): void;
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** The refusal's `data` as the apply form's fields; anything missing or of the wrong type is left out. */
export function prefillOf(code: string, data: unknown): ApplyPrefill {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const id = Number(d.dataSourceId);
  return {
    applyType: d.applyType === 'script' || (d.applyType !== 'data' && code === 'NO_SCRIPT_PERMISSION') ? 'script' : 'data',
    script: str(d.script),
    dataSourceId: Number.isInteger(id) && id > 0 ? id : undefined,
    dataSourceName: str(d.dataSourceName),
    databaseName: str(d.databaseName),
    schemaName: str(d.schemaName),
    tables: tablesOf(d.tables),
  };
}

/** The refused tables and columns (issue 25 point 6); malformed entries are dropped. */
function tablesOf(v: unknown): ApprovalScopeItem[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const names = (x: unknown) => (Array.isArray(x) && x.every((c) => typeof c === 'string' && c) ? (x as string[]) : null);
  const out: ApprovalScopeItem[] = [];
  for (const t of v as Array<Record<string, unknown> | null>) {
    if (!t || typeof t !== 'object' || typeof t.tableName !== 'string' || !t.tableName) continue;
    const actions = Array.isArray(t.actions) ? t.actions.filter((a): a is 'READ' | 'WRITE' => a === 'READ' || a === 'WRITE') : [];
    out.push({ databaseName: str(t.databaseName) ?? null, schemaName: str(t.schemaName) ?? null, tableName: t.tableName, columns: names(t.columns), actions: actions.length ? actions : ['READ'] });
  }
  return out.length ? out : undefined;
}

export const useRefusals = create<RefusalState>((set, get) => ({
  refusal: null,
  applying: null,
  submitted: 0,
  showApplyList: false,
  report(e) {
    if (get().applying) return;
    const code = e.errorCode === 'NO_SCRIPT_PERMISSION' ? 'NO_SCRIPT_PERMISSION' : 'NO_DATA_ACCESS_PERMISSION';
    const next: Refusal = { code, message: e.message, prefill: prefillOf(code, e.data) };
    const open = get().refusal;
    // One dialog at a time; a later refusal that names what was refused (a Run's tables) replaces one that does not.
    if (open && (open.prefill.tables || !next.prefill.tables)) return;
    set({ refusal: next });
  },
  dismiss: () => set({ refusal: null }),
  openApply: (prefill) => set({ refusal: null, applying: prefill ?? get().refusal?.prefill ?? { applyType: 'data' } }),
  applyFromRefusal: () => set({ refusal: null, applying: get().refusal?.prefill ?? { applyType: 'data' }, showApplyList: true }),
  applyListShown: () => set({ showApplyList: false }),
  closeApply: (sent) => set({ applying: null, submitted: get().submitted + (sent ? 1 : 0) }),
}));

onPermissionRefused((e) => useRefusals.getState().report(e));
