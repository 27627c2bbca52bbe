/** Share a chat: with all space members or the chosen collaborators, view only or edit; the link to copy. */
import { useState } from 'react';
import { App, Button, Form, Input, Modal, Radio, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChatV2, ShareScope, SharePermission } from '@askdb/contracts';
import { writeClipboard } from '../../../lib/clipboard';
import { useSession } from '../../auth/session';
import { chatApi } from './api';
import { useErrorToast } from '../../../app/use-error-toast';

export function ShareDialog(props: { chat: ChatV2; open: boolean; onClose: () => void; onShared: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const org = useSession((s) => s.user?.currentOrganization);
  const [scope, setScope] = useState<ShareScope>(props.chat.share?.scope ?? 'ALL_MEMBERS');
  const [permission, setPermission] = useState<SharePermission>(props.chat.share?.permission ?? 'VIEW');
  const [collaborators, setCollaborators] = useState<number[]>(props.chat.share?.collaboratorIds ?? []);
  const [link, setLink] = useState(props.chat.share ? `/chat?share=${props.chat.share.token}` : '');
  const [busy, setBusy] = useState(false);
  const members = useQuery({ queryKey: ['named-chat', 'members', org?.id], queryFn: () => chatApi.members(org!.id), enabled: props.open && scope === 'COLLABORATORS' && !!org });
  const save = async () => {
    setBusy(true);
    try {
      const r = await chatApi.share(props.chat.id, scope, permission, collaborators);
      setLink(r.link);
      props.onShared();
    } catch (e) {
      void showError(e);
    } finally {
      setBusy(false);
    }
  };
  const full = link ? new URL(link, window.location.origin).toString() : '';
  return (
    <Modal open={props.open} title={t('chatv2.share')} onCancel={props.onClose} onOk={() => void save()} okText={t('chatv2.share')} cancelText={t('chatv2.cancel')} confirmLoading={busy} okButtonProps={{ 'data-testid': 'share-save' } as never}>
      <Form layout="vertical">
        <Form.Item label={t('chatv2.scope')}>
          <Radio.Group value={scope} onChange={(e) => setScope(e.target.value)} options={[{ value: 'ALL_MEMBERS', label: t('chatv2.scope.ALL_MEMBERS') }, { value: 'COLLABORATORS', label: t('chatv2.scope.COLLABORATORS') }]} />
        </Form.Item>
        {scope === 'COLLABORATORS' && (
          <Form.Item label={t('chatv2.collaborators')}>
            <Select mode="multiple" value={collaborators} onChange={setCollaborators} loading={members.isLoading}
              options={(members.data ?? []).map((m) => ({ value: m.userId, label: m.name ?? m.userName ?? String(m.userId) }))} />
          </Form.Item>
        )}
        <Form.Item label={t('chatv2.permission')}>
          <Radio.Group value={permission} onChange={(e) => setPermission(e.target.value)} options={[{ value: 'VIEW', label: t('chatv2.permission.VIEW') }, { value: 'EDIT', label: t('chatv2.permission.EDIT') }]} />
        </Form.Item>
        {full && (
          <Form.Item label={t('chatv2.link')}>
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={full} data-testid="share-link" />
              <Button onClick={() => void writeClipboard(full).then((ok) => ok && message.success(t('chatv2.copied')))}>{t('chatv2.copy')}</Button>
            </Space.Compact>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
