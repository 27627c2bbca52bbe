/** "New key" (issue 18 point 6; spec 02 §3 key-value entry: key name, type, value, size, TTL in seconds). */
import { useEffect, useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { REDIS_KEY_TYPES, checkNewKey, createKeySteps, newKeySize, runEditSteps, type NewRedisKey, type RedisItem, type RedisKeyType } from '@askdb/sql';
import { problemText } from './problem-text';

interface Props {
  run(command: string): Promise<string | null>;
  onCreated(key: string): void;
}

export function NewKeyButton({ run, onCreated }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="redis-new-key">{t('redisEdit.newKey')}</Button>
      {open && <NewKeyDialog run={run} onCreated={(k) => { setOpen(false); onCreated(k); }} onClose={() => setOpen(false)} />}
    </>
  );
}

export const hasField = (type: string) => type === 'hash' || type === 'stream';

function NewKeyDialog({ run, onCreated, onClose }: Props & { onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [key, setKey] = useState('');
  const [type, setType] = useState<RedisKeyType>('string');
  const [value, setValue] = useState('');
  const [items, setItems] = useState<RedisItem[]>([{ field: '', value: '', score: '' }]);
  const [ttl, setTtl] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A refusal describes the entry as sent: any change clears it.
  useEffect(() => setProblem(null), [key, type, value, items, ttl]);

  const entry = (): NewRedisKey => ({ key, type, value, ttl, items: type === 'string' ? [] : items.filter((i) => i.value !== '' || i.field) });
  const submit = async () => {
    const k = entry();
    const p = checkNewKey(k);
    if (p) return setProblem(problemText(t, p));
    setBusy(true);
    try {
      const refused = await runEditSteps(createKeySteps(k), run);
      if (refused) return setProblem(problemText(t, refused));
      message.success(t('redisEdit.created', { key }));
      onCreated(key);
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const size = newKeySize(entry());
  const setItem = (i: number, patch: Partial<RedisItem>) => setItems((old) => old.map((x, j) => (j === i ? { ...x, ...patch } : x)));

  return (
    <Modal open title={t('redisEdit.newKeyTitle')} width={640} onCancel={onClose} onOk={() => void submit()} confirmLoading={busy} okText={t('redisEdit.create')} okButtonProps={{ 'data-testid': 'redis-new-key-ok' } as Record<string, string>}>
      <Form layout="vertical">
        <Form.Item label={t('redisEdit.key')} required>
          <Input value={key} onChange={(e) => setKey(e.target.value)} data-testid="redis-new-key-name" />
        </Form.Item>
        <Space size={16} align="start">
          <Form.Item label={t('redisEdit.type')}>
            <Select<RedisKeyType> value={type} onChange={setType} style={{ width: 140 }} options={REDIS_KEY_TYPES.map((x) => ({ value: x, label: x }))} data-testid="redis-new-key-type" />
          </Form.Item>
          <Form.Item label={t('redisEdit.ttl')} extra={t('redisEdit.ttlHint')}>
            <InputNumber min={1} precision={0} value={ttl} onChange={(v) => setTtl(typeof v === 'number' ? v : null)} style={{ width: 160 }} data-testid="redis-new-key-ttl" />
          </Form.Item>
        </Space>
        {type === 'string' ? (
          <Form.Item label={t('redisEdit.value')}>
            <Input.TextArea value={value} onChange={(e) => setValue(e.target.value)} autoSize={{ minRows: 3, maxRows: 12 }} data-testid="redis-new-key-value" />
          </Form.Item>
        ) : (
          <Form.Item label={t('redisEdit.value')} required>
            {items.map((it, i) => (
              <Space key={i} style={{ display: 'flex', marginBottom: 6 }}>
                {hasField(type) && <Input placeholder={t('redisEdit.field')} value={it.field} onChange={(e) => setItem(i, { field: e.target.value })} data-testid="redis-item-field" />}
                <Input placeholder={type === 'set' || type === 'zset' ? t('redisEdit.member') : t('redisEdit.value')} value={it.value} onChange={(e) => setItem(i, { value: e.target.value })} data-testid="redis-item-value" />
                {type === 'zset' && <Input placeholder={t('redisEdit.score')} value={it.score} onChange={(e) => setItem(i, { score: e.target.value })} style={{ width: 110 }} data-testid="redis-item-score" />}
                <Button icon={<DeleteOutlined />} onClick={() => setItems((old) => old.filter((_, j) => j !== i))} aria-label={t('redisEdit.remove')} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => setItems((old) => [...old, { field: '', value: '', score: '' }])} data-testid="redis-item-add">{t('redisEdit.addRow')}</Button>
          </Form.Item>
        )}
        <Typography.Text type="secondary" data-testid="redis-new-key-size">
          {t('redisEdit.size', { size: type === 'string' ? t('redisEdit.sizeBytes', { count: size }) : t('redisEdit.sizeItems', { count: size }) })}
        </Typography.Text>
        {problem && <Typography.Paragraph type="danger" style={{ marginTop: 8 }} data-testid="redis-edit-problem">{problem}</Typography.Paragraph>}
      </Form>
    </Modal>
  );
}
