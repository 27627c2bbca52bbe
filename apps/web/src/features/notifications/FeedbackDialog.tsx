/**
 * The feedback form (issue 18 point 2; spec 02 §3 "Feedback", §5): contact, feeling, improvement
 * category, content, up to 5 images under 2 MB each, optional logs. Sent as one multipart form.
 */
import { useState } from 'react';
import { App, Button, Checkbox, Form, Input, Modal, Radio, Tooltip, Upload, type UploadFile } from 'antd';
import { MessageOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_CATEGORIES, FEEDBACK_FEELINGS, FEEDBACK_MAX_IMAGES, FEEDBACK_MAX_IMAGE_BYTES } from '@askdb/contracts';
import { sendFeedback } from './api';
import { useErrorToast } from '../../app/use-error-toast';

const CONTACT = /^([^\s@]+@[^\s@]+\.[^\s@]+|\+?[0-9][0-9 -]{5,19})$/;

interface Values {
  contact: string;
  feeling: string;
  category: string;
  content: string;
  includeLogs: boolean;
}

export function FeedbackButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('feedback.button')}>
        <Button type="text" data-testid="feedback-button" aria-label={t('feedback.button')} icon={<MessageOutlined />} onClick={() => setOpen(true)} />
      </Tooltip>
      {open && <FeedbackDialog onClose={() => setOpen(false)} />}
    </>
  );
}

export function FeedbackDialog({ onClose }: { onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [sending, setSending] = useState(false);

  const submit = async (v: Values) => {
    const fd = new FormData();
    fd.append('contact', v.contact);
    fd.append('feeling', v.feeling);
    fd.append('category', v.category);
    fd.append('content', v.content);
    fd.append('includeLogs', v.includeLogs ? 'true' : 'false');
    for (const f of files) if (f.originFileObj) fd.append('images', f.originFileObj, f.name);
    setSending(true);
    try {
      await sendFeedback(fd, i18n.language);
      message.success(t('feedback.sent'));
      onClose();
    } catch (e) {
      showError(e);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal open title={t('feedback.title')} onCancel={onClose} okText={t('feedback.send')} onOk={() => form.submit()} confirmLoading={sending} data-testid="feedback-dialog" okButtonProps={{ 'data-testid': 'feedback-send' } as Record<string, string>}>
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ includeLogs: false }}>
        <Form.Item name="contact" label={t('feedback.contact')} rules={[{ required: true, message: t('feedback.required') }, { pattern: CONTACT, message: t('feedback.contactInvalid') }]}>
          <Input data-testid="feedback-contact" maxLength={255} />
        </Form.Item>
        <Form.Item name="feeling" label={t('feedback.feeling')} rules={[{ required: true, message: t('feedback.required') }]}>
          <Radio.Group optionType="button" options={FEEDBACK_FEELINGS.map((f) => ({ value: f, label: <span data-testid={`feedback-feeling-${f}`}>{t(`feedback.feeling.${f}`)}</span> }))} />
        </Form.Item>
        <Form.Item name="category" label={t('feedback.category')} rules={[{ required: true, message: t('feedback.required') }]}>
          <Radio.Group options={FEEDBACK_CATEGORIES.map((c) => ({ value: c, label: <span data-testid={`feedback-category-${c}`}>{t(`feedback.category.${c}`)}</span> }))} />
        </Form.Item>
        <Form.Item name="content" label={t('feedback.content')} rules={[{ required: true, whitespace: true, message: t('feedback.required') }]}>
          <Input.TextArea rows={4} maxLength={5000} showCount data-testid="feedback-content" />
        </Form.Item>
        <Form.Item label={t('feedback.images')}>
          <Upload
            listType="picture-card"
            accept="image/png,image/jpeg,image/gif,image/webp"
            multiple
            fileList={files}
            data-testid="feedback-images"
            beforeUpload={(file) => {
              if (!file.type.startsWith('image/')) message.error(t('feedback.notImage', { name: file.name }));
              else if (file.size >= FEEDBACK_MAX_IMAGE_BYTES) message.error(t('feedback.tooLarge', { name: file.name }));
              else
                setFiles((old) => {
                  if (old.length >= FEEDBACK_MAX_IMAGES) {
                    message.error(t('feedback.tooMany'));
                    return old;
                  }
                  return [...old, { uid: file.uid, name: file.name, status: 'done', originFileObj: file, thumbUrl: URL.createObjectURL(file) }];
                });
              return Upload.LIST_IGNORE;
            }}
            onRemove={(f) => setFiles((old) => old.filter((x) => x.uid !== f.uid))}
          >
            {files.length < FEEDBACK_MAX_IMAGES && (
              <div>
                <PlusOutlined />
                <div style={{ marginTop: 4 }}>{t('feedback.addImage')}</div>
              </div>
            )}
          </Upload>
        </Form.Item>
        <Form.Item name="includeLogs" valuePropName="checked">
          <Checkbox data-testid="feedback-logs">{t('feedback.includeLogs')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
