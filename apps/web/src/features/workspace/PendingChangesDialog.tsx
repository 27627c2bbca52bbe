/** Asks what to do with tabs' changes that are not applied yet: apply, discard, or cancel (stay). */
import { Button, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePending } from './pending-changes';
import { useTabs } from './tabs-store';
import { tabTitle } from './tab-title';

export function PendingChangesDialog() {
  const { t } = useTranslation();
  const question = usePending((s) => s.question);
  const byTab = usePending((s) => s.byTab);
  const tabs = useTabs((s) => s.tabs);
  if (!question) return null;
  const asked = question.tabIds.map((id) => ({ id, tab: tabs.find((x) => x.id === id), count: byTab[id]?.count ?? 0 }));
  const name = (tab: (typeof asked)[number]['tab']) => (tab ? tabTitle(tab, t) : '');
  const answer = (a: 'apply' | 'discard' | 'cancel') => question.resolve(a);
  return (
    <Modal
      open
      modalRender={(node) => <div data-testid="pending-dialog">{node}</div>}
      title={asked.length === 1 ? t('pending.title.one', { tab: name(asked[0]!.tab) }) : t('pending.title.many', { count: asked.length })}
      onCancel={() => answer('cancel')}
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={() => answer('cancel')} data-testid="pending-cancel">{t('pending.cancel')}</Button>
          <Button danger onClick={() => answer('discard')} data-testid="pending-discard">{t('pending.discard')}</Button>
          <Button type="primary" onClick={() => answer('apply')} data-testid="pending-apply" autoFocus>{t('pending.apply')}</Button>
        </Space>
      }
    >
      <Typography.Paragraph>{t('pending.body')}</Typography.Paragraph>
      <ul data-testid="pending-list" style={{ paddingInlineStart: 20, margin: 0 }}>
        {asked.map((a) => (
          <li key={a.id}>
            <b>{name(a.tab)}</b> — {t('pending.changes', { count: a.count })}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
