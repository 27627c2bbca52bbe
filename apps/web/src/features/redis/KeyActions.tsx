/** The key viewer's actions: set or remove the TTL, edit a string's value (keeping its TTL), delete the key. */
import { useState } from 'react';
import { App, Button, Checkbox, Input, InputNumber, Modal, Space } from 'antd';
import { ClockCircleOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deleteCommand, setValueCommand, ttlCommand } from './key-actions';
import { useErrorToast } from '../../app/use-error-toast';

interface Props {
  keyName: string;
  type: string;
  ttl: number;
  /** The string's current value, for the editor. */
  value: string | null;
  run(command: string): Promise<unknown>;
  onChanged(): void;
}

export function KeyActions({ keyName, type, ttl, value, run, onChanged }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const showError = useErrorToast();
  const [ttlOpen, setTtlOpen] = useState(false);
  const [seconds, setSeconds] = useState<number | null>(null);
  const [persist, setPersist] = useState(false);
  const [editOpen, setEditOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);

  const apply = async (command: string, close: () => void) => {
    setBusy(true);
    try {
      await run(command);
      close();
      onChanged();
    } catch (e) {
      void showError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space size={4}>
      <Button size="small" icon={<ClockCircleOutlined />} data-testid="redis-ttl-edit" onClick={() => {
        setSeconds(ttl > 0 ? ttl : null);
        setPersist(ttl < 0);
        setTtlOpen(true);
      }}>{t('redis.action.ttl')}</Button>
      {type === 'string' && (
        <Button size="small" icon={<EditOutlined />} data-testid="redis-value-edit" onClick={() => {
          setDraft(value ?? '');
          setEditOpen(true);
        }}>{t('redis.action.edit')}</Button>
      )}
      <Button size="small" danger icon={<DeleteOutlined />} data-testid="redis-key-delete" onClick={() => modal.confirm({
        title: t('redis.action.deleteTitle', { key: keyName }),
        content: <code>{deleteCommand(keyName)}</code>,
        okButtonProps: { danger: true, 'data-testid': 'redis-delete-ok' } as never,
        okText: t('redis.action.delete'),
        onOk: () => run(deleteCommand(keyName)).then(onChanged, (e: Error) => void showError(e)),
      })}>{t('redis.action.delete')}</Button>

      <Modal
        open={ttlOpen} title={t('redis.action.ttlTitle', { key: keyName })} width={420} destroyOnHidden confirmLoading={busy}
        okButtonProps={{ 'data-testid': 'redis-ttl-ok', disabled: !persist && !(seconds && seconds >= 1) }}
        onCancel={() => setTtlOpen(false)}
        onOk={() => void apply(ttlCommand(keyName, persist ? null : seconds), () => setTtlOpen(false))}
      >
        <Space direction="vertical">
          <InputNumber
            min={1} precision={0} value={seconds} disabled={persist} addonAfter={t('redis.action.secondsUnit')} style={{ width: 220 }}
            onChange={(v) => setSeconds(typeof v === 'number' ? v : null)} data-testid="redis-ttl-seconds"
          />
          <Checkbox checked={persist} onChange={(e) => setPersist(e.target.checked)} data-testid="redis-ttl-persist">{t('redis.noExpiry')}</Checkbox>
        </Space>
      </Modal>

      <Modal
        open={editOpen} title={t('redis.action.editTitle', { key: keyName })} width={640} destroyOnHidden confirmLoading={busy}
        okButtonProps={{ 'data-testid': 'redis-value-ok' }}
        onCancel={() => setEditOpen(false)}
        onOk={() => void apply(setValueCommand(keyName, draft), () => setEditOpen(false))}
      >
        <Input.TextArea value={draft} onChange={(e) => setDraft(e.target.value)} autoSize={{ minRows: 4, maxRows: 16 }} data-testid="redis-value-text" />
      </Modal>
    </Space>
  );
}
