/** The conversation list of the chat tab: 20 a page ("load more"), search, new, rename and delete. */
import { useState } from 'react';
import { App, Button, Dropdown, Empty, Input, List, Tag } from 'antd';
import { PlusOutlined, MoreOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChatV2 } from '@askdb/contracts';
import { chatApi } from './api';

export const CHAT_LIST_KEY = ['named-chats'];

export function ChatList(props: { selected?: number; onSelect: (id: number | undefined) => void; onNew: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { modal, message } = App.useApp();
  const [search, setSearch] = useState('');
  const q = useInfiniteQuery({
    queryKey: [...CHAT_LIST_KEY, search],
    queryFn: ({ pageParam }) => chatApi.list(pageParam, search || undefined),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasNextPage ? last.pageNo + 1 : undefined),
  });
  const chats = q.data?.pages.flatMap((p) => p.data) ?? [];

  const rename = (c: ChatV2) => {
    let name = c.name;
    modal.confirm({
      title: t('chatv2.rename'),
      content: <Input defaultValue={c.name} maxLength={255} data-testid="chat-rename-input" onChange={(e) => (name = e.target.value)} />,
      okText: t('chatv2.save'),
      cancelText: t('chatv2.cancel'),
      onOk: async () => {
        if (!name.trim()) {
          void message.error(t('chatv2.required'));
          throw new Error('required');
        }
        await chatApi.update(c.id, { name: name.trim() });
        await qc.invalidateQueries({ queryKey: CHAT_LIST_KEY });
      },
    });
  };
  const remove = (c: ChatV2) =>
    modal.confirm({
      title: t('chatv2.deleteConfirm', { name: c.name }),
      okButtonProps: { danger: true },
      okText: t('chatv2.delete'),
      cancelText: t('chatv2.cancel'),
      onOk: async () => {
        await chatApi.remove(c.id);
        if (props.selected === c.id) props.onSelect(undefined);
        await qc.invalidateQueries({ queryKey: CHAT_LIST_KEY });
      },
    });

  return (
    <div className="askdb-named-list" data-testid="named-chat-list">
      <div className="askdb-named-list-top">
        <Input.Search size="small" placeholder={t('chatv2.search')} allowClear onSearch={setSearch} />
        <Button size="small" type="primary" icon={<PlusOutlined />} onClick={props.onNew} data-testid="named-chat-new">{t('chatv2.new')}</Button>
      </div>
      {chats.length === 0 && !q.isLoading ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chatv2.empty')} /> : (
        <List
          size="small"
          dataSource={chats}
          loading={q.isLoading}
          renderItem={(c) => (
            <List.Item
              className={c.id === props.selected ? 'askdb-named-item askdb-named-item-active' : 'askdb-named-item'}
              onClick={() => props.onSelect(c.id)}
              data-testid={`named-chat-${c.id}`}
              actions={c.access === 'OWNER' ? [
                <Dropdown key="m" trigger={['click']} menu={{ items: [{ key: 'rename', label: t('chatv2.rename') }, { key: 'delete', danger: true, label: t('chatv2.delete') }], onClick: ({ key, domEvent }) => { domEvent.stopPropagation(); if (key === 'rename') rename(c); else remove(c); } }}>
                  <Button size="small" type="text" icon={<MoreOutlined />} onClick={(e) => e.stopPropagation()} aria-label="more" />
                </Dropdown>,
              ] : []}
            >
              <List.Item.Meta
                title={<span className="askdb-named-item-name">{c.name}</span>}
                description={<>
                  <Tag>{t(`chatv2.source.${c.sourceType}`)}</Tag>
                  {c.access !== 'OWNER' && <Tag color="blue">{c.access === 'VIEW' ? t('chatv2.viewOnly') : t('chatv2.shared')}</Tag>}
                </>}
              />
            </List.Item>
          )}
        />
      )}
      {q.hasNextPage && <Button size="small" block onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>{t('chatv2.more')}</Button>}
    </div>
  );
}
