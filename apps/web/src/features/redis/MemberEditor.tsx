/**
 * Members of a list, hash, set or sorted set (issue 18 point 6): add, edit, remove. A field or
 * member that already exists is refused with the reason; a stream's entries can be added and removed.
 */
import { useState } from 'react';
import { App, Button, Input, Modal, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { addItemSteps, editItemSteps, removeItemSteps, runEditSteps, type EditStep, type RedisItem, type RedisKeyType } from '@askdb/sql';
import { problemText } from './problem-text';
import { hasField } from './NewKeyDialog';
import { useErrorToast } from '../../app/use-error-toast';

export const EDITABLE_TYPES = ['list', 'hash', 'set', 'zset', 'stream'];

interface Common {
  keyName: string;
  type: RedisKeyType;
  run(command: string): Promise<string | null>;
  onChanged(): void;
}
type RowItem = RedisItem & { index?: number; id?: string };

/** A page row (as RedisKeyTab shows it) as the item the editor works on. */
export function itemOfRow(type: string, cells: (string | null)[]): RowItem {
  const [a, b] = [cells[0] ?? '', cells[1] ?? ''];
  if (type === 'list') return { index: Number(a), value: b };
  if (type === 'hash') return { field: a, value: b };
  if (type === 'zset') return { value: a, score: b };
  if (type === 'stream') return { id: a, value: '' };
  return { value: a };
}

export function AddMemberButton(p: Common) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="redis-member-add">{t('redisEdit.addMember')}</Button>
      {open && <MemberDialog {...p} onClose={() => setOpen(false)} />}
    </>
  );
}

export function MemberRowActions(p: Common & { cells: (string | null)[] }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const showError = useErrorToast();
  const [editing, setEditing] = useState(false);
  const item = itemOfRow(p.type, p.cells);
  const remove = () =>
    modal.confirm({
      title: t('redisEdit.removeConfirm', { key: p.keyName }),
      okButtonProps: { danger: true, 'data-testid': 'redis-member-remove-ok' } as never,
      onOk: () => runEditSteps(removeItemSteps(p.type, p.keyName, item), p.run).then(p.onChanged, (e: Error) => void showError(e)),
    });
  return (
    <Space size={8}>
      {p.type !== 'stream' && <Typography.Link onClick={() => setEditing(true)} data-testid="redis-member-edit">{t('redisEdit.edit')}</Typography.Link>}
      <Typography.Link type="danger" onClick={remove} data-testid="redis-member-remove">{t('redisEdit.remove')}</Typography.Link>
      {editing && <MemberDialog {...p} old={item} onClose={() => setEditing(false)} />}
    </Space>
  );
}

function MemberDialog({ keyName, type, run, onChanged, old, onClose }: Common & { old?: RowItem; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [field, setField] = useState(old?.field ?? '');
  const [value, setValue] = useState(old?.value ?? '');
  const [score, setScore] = useState(old?.score ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const next: RedisItem = { field, value, score };
    let steps: EditStep[];
    try {
      steps = old ? editItemSteps(type, keyName, old, next) : addItemSteps(type, keyName, next);
    } catch (e) {
      const p = (e as { problem?: Parameters<typeof problemText>[1] }).problem;
      return setProblem(p ? problemText(t, p) : (e as Error).message);
    }
    setBusy(true);
    try {
      const refused = await runEditSteps(steps, run);
      if (refused) return setProblem(problemText(t, refused));
      message.success(t('redisEdit.saved'));
      onClose();
      onChanged();
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={t(old ? 'redisEdit.editTitle' : 'redisEdit.addTitle', { key: keyName })} onCancel={onClose} onOk={() => void save()} confirmLoading={busy} okButtonProps={{ 'data-testid': 'redis-member-ok' } as Record<string, string>}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {hasField(type) && <Input addonBefore={t('redisEdit.field')} value={field} onChange={(e) => setField(e.target.value)} data-testid="redis-member-field" />}
        <Input.TextArea placeholder={type === 'set' || type === 'zset' ? t('redisEdit.member') : t('redisEdit.value')} value={value} onChange={(e) => setValue(e.target.value)} autoSize={{ minRows: 2, maxRows: 10 }} data-testid="redis-member-value" />
        {type === 'zset' && <Input addonBefore={t('redisEdit.score')} value={score} onChange={(e) => setScore(e.target.value)} data-testid="redis-member-score" />}
        {problem && <Typography.Text type="danger" data-testid="redis-edit-problem">{problem}</Typography.Text>}
      </Space>
    </Modal>
  );
}
