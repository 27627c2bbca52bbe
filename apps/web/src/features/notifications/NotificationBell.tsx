/**
 * The header bell (issue 18 point 1): unread count, a drawer with the list, take action (marks read
 * and follows the action — an approval opens in its flow view), mark all read.
 */
import { useCallback, useEffect, useState } from 'react';
import { App, Badge, Button, Drawer, List, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { NotificationItem } from '@askdb/contracts';
import { FlowView } from '../approvals/FlowView';
import { navigate } from '../../lib/router';
import { useTaskDialogs } from '../tasks/store';
import { noticeApi } from './api';
import { useNotices, useNoticeStream } from './store';
import { noticeText } from './render';
import { useErrorToast } from '../../app/use-error-toast';

export function NotificationBell({ scope }: { scope: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  useNoticeStream(true, scope);
  const unread = useNotices((s) => s.unread);
  const arrivals = useNotices((s) => s.arrivals);
  const [open, setOpen] = useState(false);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [items, setItems] = useState<NotificationItem[]>([]);
  const [pageNo, setPageNo] = useState(1);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [approvalId, setApprovalId] = useState<number | null>(null);

  const load = useCallback(
    (page: number) => {
      setLoading(true);
      noticeApi
        .list(page, unreadOnly)
        .then((p) => {
          setItems((old) => (page === 1 ? p.data : [...old, ...p.data]));
          setMore(p.hasNextPage);
          setPageNo(page);
          useNotices.getState().set(p.unreadCount);
        }, (e: Error) => showError(e))
        .finally(() => setLoading(false));
    },
    [unreadOnly, message],
  );
  useEffect(() => {
    if (open) load(1);
  }, [open, load, arrivals]);

  const take = async (n: NotificationItem) => {
    try {
      const r = await noticeApi.takeAction({ id: n.id });
      useNotices.getState().set(r.unreadCount);
      setItems((old) => old.map((x) => (x.id === n.id ? { ...x, read: true } : x)));
      const kind = r.action?.kind;
      if (kind === 'OPEN_APPROVAL') {
        navigate('team');
        setOpen(false);
        setApprovalId(Number(r.action!.targetId));
      } else if (kind === 'TASK') {
        setOpen(false);
        useTaskDialogs.getState().openDrawer(true);
      } else if (kind === 'DASHBOARD') {
        setOpen(false);
        navigate('dashboard');
      }
    } catch (e) {
      showError(e);
    }
  };
  const allRead = async () => {
    const r = await noticeApi.takeAction({ all: true });
    useNotices.getState().set(r.unreadCount);
    setItems((old) => old.map((x) => ({ ...x, read: true })));
  };

  return (
    <>
      <Tooltip title={t('notice.bell')}>
        <Badge count={unread} size="small" offset={[-4, 4]} data-testid="notice-count">
          <Button type="text" data-testid="notice-bell" aria-label={t('notice.bell')} icon={<BellOutlined />} onClick={() => setOpen(true)} />
        </Badge>
      </Tooltip>
      <Drawer
        title={t('notice.title')}
        open={open}
        onClose={() => setOpen(false)}
        width={420}
        data-testid="notice-drawer"
        extra={
          <Space>
            <Switch size="small" checked={unreadOnly} onChange={setUnreadOnly} data-testid="notice-unread-only" /> {t('notice.unreadOnly')}
            <Button size="small" onClick={() => void allRead()} disabled={!unread} data-testid="notice-all-read">{t('notice.markAllRead')}</Button>
          </Space>
        }
      >
        <List<NotificationItem>
          loading={loading}
          dataSource={items}
          locale={{ emptyText: t('notice.empty') }}
          loadMore={more ? <Button block onClick={() => load(pageNo + 1)}>{t('notice.loadMore')}</Button> : null}
          renderItem={(n) => (
            <List.Item
              data-testid={`notice-item-${n.id}`}
              style={{ cursor: 'pointer', opacity: n.read ? 0.6 : 1 }}
              onClick={() => void take(n)}
              actions={n.action ? [<Typography.Link key="open">{t('notice.open')}</Typography.Link>] : []}
            >
              <List.Item.Meta
                title={
                  <Space size={6}>
                    {!n.read && <Badge status="processing" />}
                    <Tag>{t(`notice.type.${n.type}`)}</Tag>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>{new Date(n.createdAt).toLocaleString()}</Typography.Text>
                  </Space>
                }
                description={<Typography.Text data-testid="notice-text">{noticeText(t, n)}</Typography.Text>}
              />
            </List.Item>
          )}
        />
      </Drawer>
      {approvalId != null && <FlowView id={approvalId} onClose={() => setApprovalId(null)} onChanged={() => void useNotices.getState().refresh()} />}
    </>
  );
}
