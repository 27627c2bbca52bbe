/** The withdrawal form (spec 02 §3, §5): name 2–50, ID number 18 with its check digit, Alipay account, phone. */
import { useState } from 'react';
import { App, Button, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RewardTotals } from '@askdb/contracts';
import { formatMoney } from '../commerce/price';
import { rewardsApi } from './rewards-api';
import { withdrawFieldError, type WithdrawField } from './withdraw-rules';
import { useErrorToast } from '../../app/use-error-toast';

interface Values { name: string; idNumber: string; alipayAccount: string; phone: string; currency: string }

export function WithdrawForm({ open, totals, onClose, onDone }: { open: boolean; totals: RewardTotals[]; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const available = totals.filter((x) => x.withdrawable > 0);
  const rule = (field: WithdrawField) => ({
    validator: async (_: unknown, v: string) => {
      const key = withdrawFieldError(field, v ?? '');
      if (key) throw new Error(t(key));
    },
  });
  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const w = await rewardsApi.withdraw({ name: v.name, idNumber: v.idNumber, alipayAccount: v.alipayAccount, phone: v.phone, currency: v.currency });
      message.success(t('rewards.withdraw.done', { amount: formatMoney(w.amount, w.currency) }));
      form.resetFields();
      onDone();
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={t('rewards.withdraw.title')} footer={null} onCancel={onClose} destroyOnHidden maskClosable={false} data-testid="withdraw-modal">
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ currency: available[0]?.currency }}>
        <Form.Item name="currency" label={t('rewards.withdraw.amount')}>
          <Select options={available.map((x) => ({ value: x.currency, label: formatMoney(x.withdrawable, x.currency) }))} data-testid="withdraw-currency" />
        </Form.Item>
        <Form.Item name="name" label={t('rewards.withdraw.name')} rules={[rule('name')]}>
          <Input maxLength={50} data-testid="withdraw-name" />
        </Form.Item>
        <Form.Item name="idNumber" label={t('rewards.withdraw.idNumber')} rules={[rule('idNumber')]}>
          <Input maxLength={18} data-testid="withdraw-id" />
        </Form.Item>
        <Form.Item name="alipayAccount" label={t('rewards.withdraw.alipay')} rules={[rule('alipayAccount')]}>
          <Input maxLength={100} data-testid="withdraw-alipay" />
        </Form.Item>
        <Form.Item name="phone" label={t('rewards.withdraw.phone')} rules={[rule('phone')]}>
          <Input maxLength={20} data-testid="withdraw-phone" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} disabled={available.length === 0} data-testid="withdraw-submit">
          {t('rewards.withdraw.submit')}
        </Button>
      </Form>
    </Modal>
  );
}
