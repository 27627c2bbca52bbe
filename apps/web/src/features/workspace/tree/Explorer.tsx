/**
 * The workspace explorer (left panel): search, new connection/group, and the virtualised tree of
 * groups, data sources and their objects, with context menus and drag and drop into groups.
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { App, Button, Dropdown, Empty, Input, Tooltip, Typography } from 'antd';
import { FolderAddOutlined, MoreOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { useDialogs } from '../dialogs-store';
import { openTab } from '../open-tabs';
import { flatten, type FlatRow } from './flatten';
import { useNodeMenu, targetOf } from './node-menu';
import { openSchemaObject } from './schema-objects';
import { useTree } from './tree-store';
import { TreeRow, ROW_HEIGHT } from './TreeRow';
import { VirtualList, type VirtualListHandle } from './VirtualList';
import { ROOT_KEY, type TreeNode } from './types';
import { useCatalogSearchFor } from './catalog-search';
import { openConnectionFiles } from '../../connections/connection-files-open';
import { useErrorToast } from '../../../app/use-error-toast';

type DisplayRow = { kind: 'node'; row: FlatRow } | { kind: 'info'; depth: number; text: string; error?: boolean; key: string };
const DRAG_MIME = 'application/x-askdb-tree';

export function Explorer() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const s = useTree();
  const nodeMenu = useNodeMenu();
  const list = useRef<VirtualListHandle>(null);
  const [menu, setMenu] = useState<{ node: TreeNode | null; x: number; y: number } | null>(null);
  const [dropKey, setDropKey] = useState<string | null>(null);
  const search = useDeferredValue(s.search);
  const searchHits = useCatalogSearchFor(search);

  useEffect(() => {
    if (!s.rootLoaded) void s.loadRoot();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const rows = useMemo<DisplayRow[]>(() => {
    const flat = flatten({ children: s.children, expanded: s.expanded, search, hideNoPermission: s.hideNoPermission, searchHits });
    const out: DisplayRow[] = [];
    for (const row of flat) {
      out.push({ kind: 'node', row });
      if (!row.open || search) continue;
      const key = row.node.key;
      const err = s.errors[key];
      const kids = s.children[key];
      if (err) out.push({ kind: 'info', depth: row.depth + 1, text: err, error: true, key: `${key}#error` });
      else if (kids && kids.length === 0 && !s.loading[key]) out.push({ kind: 'info', depth: row.depth + 1, text: t('workspace.empty'), key: `${key}#empty` });
    }
    return out;
  }, [s.children, s.expanded, search, s.hideNoPermission, s.errors, s.loading, t, searchHits]);

  const openNode = useCallback((node: TreeNode) => {
    if (node.treeNodeType === 'TABLE' || node.treeNodeType === 'VIEW') {
      openTab.tableData({ ...targetOf(node), tableName: node.extraParams.tableName ?? node.originalTitle }, { readOnly: node.treeNodeType === 'VIEW' });
    } else if (node.treeNodeType === 'SAVED_CONSOLE') {
      void nodeMenu.run(node, 'openConsole');
    } else if (node.treeNodeType === 'REDIS_KEY') {
      void nodeMenu.run(node, 'redis:open');
    } else if (node.treeNodeType === 'ALL_DATA') {
      void nodeMenu.run(node, 'redisAllData');
    } else if (node.treeNodeType === 'SCHEMA_OBJECT') {
      void openSchemaObject(node);
    } else if (node.treeNodeType === 'TRIGGER') {
      void nodeMenu.run(node, 'triggerDefinition');
    } else if (node.treeNodeType === 'FUNCTION' || node.treeNodeType === 'PROCEDURE') {
      void nodeMenu.run(node, 'routineDefinition');
    } else useTree.getState().toggle(node);
  }, [nodeMenu]);

  const onClick = useCallback((node: TreeNode, e: MouseEvent) => {
    const st = useTree.getState();
    st.select(node.key);
    // A double click opens (tables) or toggles; the two clicks before it must not toggle twice.
    if (e.detail > 1) return;
    if (!node.isLeaf && node.treeNodeType !== 'TABLE' && node.treeNodeType !== 'VIEW') st.toggle(node);
  }, []);

  const onMenu = useCallback((node: TreeNode, x: number, y: number) => {
    useTree.getState().select(node.key);
    setMenu({ node, x, y });
  }, []);

  // ---- drag and drop: data sources and groups into groups (or the top level) ----
  const canDrag = (n: TreeNode) => n.treeNodeType === 'DATA_SOURCE' || n.treeNodeType === 'GROUP';
  const dropGroupOf = (n: TreeNode): number | null | undefined =>
    n.treeNodeType === 'GROUP' ? n.id : n.treeNodeType === 'DATA_SOURCE' ? n.extraParams.groupId ?? null : undefined;
  const move = async (payload: { type: string; id: number }, groupId: number | null) => {
    if (payload.type === 'GROUP' && payload.id === groupId) return;
    try {
      if (payload.type === 'GROUP') await api('/api/connection/group/update', { body: { id: payload.id, parentId: groupId } });
      else await api('/api/connection/group/move_datasource', { body: { dataSourceId: payload.id, groupId } });
      await useTree.getState().refresh(ROOT_KEY);
    } catch (e) {
      void showError(e);
    }
  };
  const readPayload = (e: DragEvent) => {
    try {
      return JSON.parse(e.dataTransfer.getData(DRAG_MIME)) as { type: string; id: number };
    } catch {
      return null;
    }
  };
  const onDragStart = useCallback((node: TreeNode, e: DragEvent) => {
    if (!canDrag(node)) return e.preventDefault();
    e.dataTransfer.setData(DRAG_MIME, JSON.stringify({ type: node.treeNodeType, id: node.id }));
    e.dataTransfer.effectAllowed = 'move';
  }, []);
  const onDragOver = useCallback((node: TreeNode, e: DragEvent) => {
    if (!e.dataTransfer.types.includes(DRAG_MIME) || dropGroupOf(node) === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    setDropKey(node.key);
  }, []);
  const onDragLeave = useCallback((node: TreeNode) => setDropKey((k) => (k === node.key ? null : k)), []);
  const onDrop = useCallback((node: TreeNode, e: DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setDropKey(null);
    const p = readPayload(e);
    const g = dropGroupOf(node);
    if (p && g !== undefined) void move(p, g);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // ---- keyboard ----
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const nodes = rows.filter((r): r is { kind: 'node'; row: FlatRow } => r.kind === 'node');
    const i = nodes.findIndex((r) => r.row.node.key === s.selected);
    const cur = nodes[i]?.row;
    const go = (j: number) => {
      const r = nodes[Math.max(0, Math.min(nodes.length - 1, j))];
      if (!r) return;
      s.select(r.row.node.key);
      list.current?.scrollToIndex(rows.indexOf(r));
    };
    if (e.key === 'ArrowDown') go(i + 1);
    else if (e.key === 'ArrowUp') go(i < 0 ? 0 : i - 1);
    else if (e.key === 'ArrowRight' && cur && !cur.node.isLeaf && !cur.open) void s.expand(cur.node);
    else if (e.key === 'ArrowLeft' && cur) {
      if (cur.open) s.collapse(cur.node.key);
      else {
        const parent = nodes.slice(0, i).reverse().find((r) => r.row.depth < cur.depth);
        if (parent) go(nodes.indexOf(parent));
      }
    } else if (e.key === 'Enter' && cur) openNode(cur.node);
    else if ((e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) && cur) {
      const el = (e.currentTarget as HTMLElement).querySelector('.is-selected')?.getBoundingClientRect();
      setMenu({ node: cur.node, x: el?.left ?? 40, y: el?.bottom ?? 40 });
    } else return;
    e.preventDefault();
  };

  const renderRow = (index: number) => {
    const r = rows[index]!;
    if (r.kind === 'info') {
      return (
        <div key={r.key} className={`askdb-tree-info${r.error ? ' is-error' : ''}`} style={{ height: ROW_HEIGHT, paddingLeft: 22 + r.depth * 14 }} data-testid={r.error ? 'tree-error' : 'tree-empty'} title={r.text}>
          {r.text}
        </div>
      );
    }
    const { node, depth, open } = r.row;
    const kids = s.children[node.key];
    return (
      <TreeRow
        key={node.key}
        node={node}
        depth={depth}
        open={open}
        selected={s.selected === node.key}
        loading={!!s.loading[node.key]}
        error={s.errors[node.key]}
        count={(node.treeNodeType === 'TABLES' || node.treeNodeType === 'VIEWS') && kids ? kids.length : undefined}
        dropTarget={dropKey === node.key}
        draggable={canDrag(node)}
        onClick={onClick}
        onDoubleClick={openNode}
        onCaret={(n) => s.toggle(n)}
        onMenu={onMenu}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
      />
    );
  };

  const newConnection = () => useDialogs.getState().openConnection({ mode: 'create', type: 'POSTGRESQL' });
  const newGroup = () => nodeMenu.newGroup(null);
  const rootMenu = {
    items: [
      { key: 'newConnection', label: t('workspace.menu.newConnection') },
      { key: 'newGroup', label: t('workspace.group.new') },
      { key: 'refresh', label: t('workspace.menu.refresh') },
      { key: 'connectionFiles', label: <span data-testid="menu-connection-files">{t('conn.files.title')}</span> },
      { type: 'divider' as const },
      { key: 'hide', label: s.hideNoPermission ? t('workspace.showNoPermission') : t('workspace.hideNoPermission') },
    ],
    onClick: ({ key }: { key: string }) => {
      setMenu(null);
      if (key === 'newConnection') newConnection();
      else if (key === 'newGroup') newGroup();
      else if (key === 'refresh') void s.refresh(ROOT_KEY);
      else if (key === 'connectionFiles') openConnectionFiles(() => void s.refresh(ROOT_KEY));
      else if (key === 'hide') s.setHideNoPermission(!s.hideNoPermission);
    },
  };

  const empty = s.rootLoaded && !s.rootError && (s.children[ROOT_KEY]?.length ?? 0) === 0;
  return (
    <div className="askdb-explorer" data-testid="explorer">
      <div className="askdb-explorer-bar">
        <Input
          size="small"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('workspace.search')}
          value={s.search}
          onChange={(e) => s.setSearch(e.target.value)}
          data-testid="tree-search"
          aria-label={t('workspace.search')}
        />
        <Tooltip title={t('workspace.menu.newConnection')}>
          <Button size="small" type="text" icon={<PlusOutlined />} onClick={newConnection} data-testid="new-connection" aria-label={t('workspace.menu.newConnection')} />
        </Tooltip>
        <Tooltip title={t('workspace.group.new')}>
          <Button size="small" type="text" icon={<FolderAddOutlined />} onClick={newGroup} data-testid="new-group" aria-label={t('workspace.group.new')} />
        </Tooltip>
        <Tooltip title={t('workspace.menu.refresh')}>
          <Button size="small" type="text" icon={<ReloadOutlined spin={!!s.loading[ROOT_KEY]} />} onClick={() => void s.refresh(ROOT_KEY)} data-testid="tree-refresh" aria-label={t('workspace.menu.refresh')} />
        </Tooltip>
        <Dropdown menu={rootMenu} trigger={['click']}>
          <Button size="small" type="text" icon={<MoreOutlined />} data-testid="explorer-menu" aria-label={t('workspace.moreActions')} />
        </Dropdown>
      </div>
      {s.rootError && (
        <Typography.Text type="danger" className="askdb-explorer-note" data-testid="tree-root-error">
          {s.rootError}
        </Typography.Text>
      )}
      {empty ? (
        <Empty className="askdb-explorer-empty" description={t('workspace.noConnections')}>
          <Button type="primary" icon={<PlusOutlined />} onClick={newConnection}>
            {t('workspace.menu.newConnection')}
          </Button>
        </Empty>
      ) : (
        <VirtualList
          ref={list}
          count={rows.length}
          rowHeight={ROW_HEIGHT}
          renderRow={renderRow}
          onKeyDown={onKeyDown}
          testId="tree"
          ariaLabel={t('shell.panel.left')}
          onContainerContextMenu={(e) => {
            e.preventDefault();
            setMenu({ node: null, x: e.clientX, y: e.clientY });
          }}
          onDragOver={(e) => {
            if (e.dataTransfer.types.includes(DRAG_MIME)) {
              e.preventDefault();
              setDropKey(ROOT_KEY);
            }
          }}
          onDrop={(e) => {
            e.preventDefault();
            setDropKey(null);
            const p = readPayload(e);
            if (p) void move(p, null);
          }}
        />
      )}
      {s.search && rows.length === 0 && <Typography.Text type="secondary" className="askdb-explorer-note">{t('workspace.noSearchResult')}</Typography.Text>}
      {menu && (
        <Dropdown
          open
          menu={menu.node ? nodeMenu.menuFor(menu.node, () => setMenu(null)) : rootMenu}
          onOpenChange={(o) => !o && setMenu(null)}
          trigger={['contextMenu']}
          destroyOnHidden
        >
          <div style={{ position: 'fixed', left: menu.x, top: menu.y, width: 1, height: 1 }} data-testid="tree-menu-anchor" />
        </Dropdown>
      )}
    </div>
  );
}
