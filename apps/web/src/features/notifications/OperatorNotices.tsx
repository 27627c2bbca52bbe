/** Operator area (Settings → Feedback & notices): the feedback users sent, with their screenshots and logs, and pop notices. */
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Form, Image, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { POP_NOTICE_CODES, type FeedbackItem } from '@askdb/contracts';
import { api } from '../../lib/api';
import type { SettingsSection } from '../settings/extra-sections';
import { useSession } from '../auth/session';
import { useErrorToast } from '../../app/use-error-toast';

function OperatorNotices() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [page, setPage] = useState<{ data: FeedbackItem[]; total: number }>();
  const [pageNo, setPageNo] = useState(1);
  const [form] = Form.useForm();
  const load = useCallback(() => {
    api<{ data: FeedbackItem[]; total: number }>('/api/system/feedback/list', { query: { pageNo, pageSize: 10 } }).then(setPage, (e: Error) => showError(e));
  }, [pageNo, message]);
  useEffect(load, [load]);
  const createPop = (v: { code: string; title: string; content?: string; imageUrl?: string; shareUrl?: string }) =>
    api('/api/notification/pop/create', { body: { ...v, content: v.content ?? '', imageUrl: v.imageUrl || null, shareUrl: v.shareUrl || null } }).then(
      () => { message.success(t('operator.popCreated')); form.resetFields(); },
      (e: Error) => showError(e),
    );
  return (
    <div data-testid="operator-feedback">
      <Typography.Title level={5}>{t('operator.feedback')}</Typography.Title>
      <Table<FeedbackItem>
        size="small"
        rowKey="id"
        dataSource={page?.data}
        pagination={{ current: pageNo, pageSize: 10, total: page?.total ?? 0, onChange: setPageNo, showSizeChanger: false }}
        expandable={{
          expandedRowRender: (f) => (
            <Space direction="vertical">
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{f.content}</Typography.Paragraph>
              <Image.PreviewGroup>
                <Space wrap>{f.images.map((src) => <Image key={src} src={src} width={96} />)}</Space>
              </Image.PreviewGroup>
              {f.logUrl && <a href={f.logUrl} target="_blank" rel="noreferrer noopener">{t('operator.log')}</a>}
            </Space>
          ),
        }}
        columns={[
          { title: '#', dataIndex: 'id', width: 60 },
          { title: t('operator.user'), render: (_, f) => f.userName ?? f.userId },
          { title: t('feedback.contact'), dataIndex: 'contact' },
          { title: t('feedback.feeling'), width: 110, render: (_, f) => <Tag>{t(`feedback.feeling.${f.feeling}`)}</Tag> },
          { title: t('feedback.category'), width: 140, render: (_, f) => t(`feedback.category.${f.category}`) },
          { title: t('operator.images'), width: 80, render: (_, f) => f.images.length },
          { title: t('operator.time'), width: 170, render: (_, f) => new Date(f.createdAt).toLocaleString() },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>{t('operator.pop')}</Typography.Title>
      <Form form={form} layout="vertical" onFinish={(v) => void createPop(v)} initialValues={{ code: 'SUBSCRIPTION_POP' }} style={{ maxWidth: 520 }}>
        <Form.Item name="code" label={t('operator.popCode')}><Select options={POP_NOTICE_CODES.map((c) => ({ value: c, label: c }))} /></Form.Item>
        <Form.Item name="title" label={t('operator.popTitle')} rules={[{ required: true, message: t('feedback.required') }]}><Input maxLength={255} /></Form.Item>
        <Form.Item name="content" label={t('operator.popContent')}><Input.TextArea rows={3} maxLength={5000} /></Form.Item>
        <Form.Item name="imageUrl" label={t('operator.popImage')} rules={[{ type: 'url' }]}><Input placeholder="https://" /></Form.Item>
        <Form.Item name="shareUrl" label={t('operator.popShare')} rules={[{ type: 'url' }]}><Input placeholder="https://" /></Form.Item>
        <Button htmlType="submit" type="primary">{t('operator.popCreate')}</Button>
      </Form>
    </div>
  );
}

export const operatorNoticeSections: SettingsSection[] = [
  { key: 'operator.feedback', labelKey: 'operator.section', Component: OperatorNotices, serverOnly: true, hidden: () => !useSession.getState().user?.isOperator },
];
