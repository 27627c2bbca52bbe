/**
 * The sync script's changes grouped by the kind of object they change (issue 26). Every change is
 * ticked except drops of objects that exist only in the target (destructive): those start unticked,
 * counted in a banner; unticking a change leaves its statement out of the script.
 */
import { Alert, Checkbox, Tag, Tooltip, Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SyncPlan } from './api.js';

interface Props {
  plan: SyncPlan;
  ticked: ReadonlySet<number>;
  onChange(ticked: Set<number>): void;
}

/** Groups in the order a reader expects (tables first); kinds not listed follow in script order. */
const KIND_ORDER = ['table', 'column', 'index', 'foreignKey', 'constraint', 'partition', 'view', 'sequence', 'identity', 'extension', 'type', 'domain', 'function', 'procedure', 'aggregate', 'trigger', 'eventTrigger', 'rule', 'policy', 'rowSecurity', 'event', 'comment', 'other'];
const rank = (kind: string) => (KIND_ORDER.includes(kind) ? KIND_ORDER.indexOf(kind) : KIND_ORDER.length);

export function ChangeList({ plan, ticked, onChange }: Props) {
  const { t } = useTranslation();
  const groups = new Map<string, number[]>();
  plan.statements.forEach((s, i) => groups.set(s.kind, [...(groups.get(s.kind) ?? []), i]));
  const destructive = plan.statements.flatMap((s, i) => (s.destructive ? [i] : []));
  const destructiveTicked = destructive.filter((i) => ticked.has(i)).length;
  const set = (indexes: number[], on: boolean) => {
    const next = new Set(ticked);
    for (const i of indexes) (on ? next.add(i) : next.delete(i));
    onChange(next);
  };
  const firstLine = (sql: string) => sql.split('\n').find((l) => l.trim())?.trim() ?? sql;

  return (
    <div data-testid="sync-changes">
      {destructive.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="sync-destructive-banner"
          style={{ marginBottom: 8 }}
          title={destructiveTicked ? t('schemaSync.destructive.included', { count: destructiveTicked }) : t('schemaSync.destructive.summary', { count: destructive.length })}
          action={(
            <Checkbox
              data-testid="sync-destructive-all"
              checked={destructiveTicked === destructive.length}
              indeterminate={destructiveTicked > 0 && destructiveTicked < destructive.length}
              onChange={(e) => set(destructive, e.target.checked)}
            >
              {t('schemaSync.destructive.all')}
            </Checkbox>
          )}
        />
      )}
      <div className="askdb-sync-changes" aria-label={t('schemaSync.changes')}>
        {[...groups].sort(([a], [b]) => rank(a) - rank(b)).map(([kind, indexes]) => {
          const on = indexes.filter((i) => ticked.has(i)).length;
          return (
            <div key={kind} className="askdb-sync-group" data-testid="sync-group" data-kind={kind}>
              <Checkbox
                data-testid="sync-group-toggle"
                checked={on === indexes.length}
                indeterminate={on > 0 && on < indexes.length}
                onChange={(e) => set(indexes, e.target.checked)}
              >
                <Typography.Text strong>{t(`schemaSync.kind.${kind}`, { defaultValue: kind })}</Typography.Text>
                <Typography.Text type="secondary" data-testid="sync-group-count"> {on}/{indexes.length}</Typography.Text>
              </Checkbox>
              {indexes.map((i) => {
                const s = plan.statements[i]!;
                return (
                  <div key={i} className="askdb-sync-change" data-testid="sync-change" data-destructive={s.destructive ? 'true' : 'false'}>
                    <Checkbox data-testid="sync-change-toggle" checked={ticked.has(i)} onChange={(e) => set([i], e.target.checked)} />
                    <code className="askdb-sync-cell" title={s.sql}>{firstLine(s.sql)}</code>
                    {s.destructive && <Tag color="red" data-testid="sync-change-destructive">{t('schemaSync.destructive')}</Tag>}
                    {s.note && (
                      <Tooltip title={s.note}>
                        <InfoCircleOutlined data-testid="sync-change-note" aria-label={s.note} style={{ color: '#d48806' }} />
                      </Tooltip>
                    )}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
