/** The TTL form of the tree's "Set TTL…" (seconds, or no expiry), shown in a confirm dialog. */
import { useState } from 'react';
import { Checkbox, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** What the form holds when the dialog's OK is pressed: seconds, null for no expiry, undefined while invalid. */
export interface TtlChoice { value: number | null | undefined }

export function TtlForm({ initial, choice }: { initial: number; choice: TtlChoice }) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState<number | null>(initial > 0 ? initial : null);
  const [persist, setPersist] = useState(initial < 0);
  choice.value = persist ? null : seconds && seconds >= 1 ? seconds : undefined;
  return (
    <Space direction="vertical">
      <InputNumber
        min={1} precision={0} value={seconds} disabled={persist} addonAfter={t('redis.action.secondsUnit')} style={{ width: 220 }} autoFocus
        onChange={(v) => setSeconds(typeof v === 'number' ? v : null)} data-testid="redis-ttl-seconds"
      />
      <Checkbox checked={persist} onChange={(e) => setPersist(e.target.checked)} data-testid="redis-ttl-persist">{t('redis.noExpiry')}</Checkbox>
    </Space>
  );
}
