/** The context menu of each tree node type (spec 01 §2/§3; issue 4 point 6) and what its items do. */
import { App } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { dialectFor } from '@askdb/sql';
import { supportsDatabase, supportsSchema, type DatabaseType } from '@askdb/contracts';
import { api } from '../../../lib/api';
import { metaApi } from '../meta-api';
import { openNewConsole, consoleTabOf, canOpenConsole } from '../open-console';
import { openTab, type TabTarget } from '../open-tabs';
import { useDialogs } from '../dialogs-store';
import { useTabs } from '../tabs-store';
import { writeClipboard as copyText } from '../../../lib/clipboard';
import { sqlTemplate, type TemplateKind } from '../sql-templates';
import { runStatement, tableSqlName, truncateSql, type TableTarget } from '../table-actions';
import { openSchemaSync } from '../../schema-sync/events';
import { useTree } from './tree-store';
import { taskMenuItems, runTaskMenu } from '../../tasks/menu';
import { ROOT_KEY, type TreeNode } from './types';
import { useRedisMenu } from './redis-menu';
import { openAiTableInfo } from '../../ai-table-info/open';
import { useErrorToast } from '../../../app/use-error-toast';

type Item = NonNullable<MenuProps['items']>[number];

export function targetOf(node: TreeNode): TabTarget {
  const p = node.extraParams;
  return { dataSourceId: p.dataSourceId!, dataSourceName: p.dataSourceName ?? null, databaseType: p.databaseType as DatabaseType, databaseName: p.databaseName ?? null, schemaName: p.schemaName ?? null, tableName: p.tableName ?? null };
}

/** Whether the node is a complete location for a new console / create table (database and schema chosen where needed). */
function isLocation(node: TreeNode): boolean {
  const t = node.extraParams.databaseType as DatabaseType;
  return (!supportsDatabase(t) || !!node.extraParams.databaseName) && (!supportsSchema(t) || !!node.extraParams.schemaName);
}

export function useNodeMenu() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const showError = useErrorToast();
  const tree = useTree;
  const dialogs = useDialogs.getState;
  const redis = useRedisMenu(targetOf);

  const copied = async (text: string, what: string) => {
    if (await copyText(text)) void message.success(t('workspace.copied', { what }));
  };
  const fail = (e: unknown) => void showError(e);

  const moveTargets = (exclude?: number): Item[] => [
    { key: 'move:root', label: t('workspace.group.topLevel') },
    ...tree.getState().groups.filter((g) => g.id !== exclude).map((g) => ({ key: `move:${g.id}`, label: g.name })),
  ];

  const newGroup = (parentId: number | null) =>
    dialogs().openPrompt({
      title: t('workspace.group.new'),
      initial: t('workspace.group.defaultName'),
      onOk: async (name) => {
        await api('/api/connection/group/create', { body: { name, parentId } });
        await tree.getState().refresh(ROOT_KEY);
      },
    });

  function items(node: TreeNode): Item[] {
    if (redis.handles(node)) return redis.items(node);
    const type = node.treeNodeType;
    const isTable = type === 'TABLE';
    const loc = node.extraParams.dataSourceId != null && isLocation(node);
    const list: Item[] = [];
    const add = (key: string, label: string, extra: Partial<Item & { danger: boolean; disabled: boolean }> = {}) => list.push({ key, label, ...extra } as Item);
    switch (type) {
      case 'GROUP':
        add('newConnection', t('workspace.menu.newConnection'));
        add('newSubgroup', t('workspace.group.newSub'));
        add('rename', t('workspace.menu.rename'));
        list.push({ key: 'moveGroup', label: t('workspace.menu.moveTo'), children: moveTargets(node.id) } as Item);
        list.push({ type: 'divider' });
        add('deleteGroup', t('workspace.menu.delete'), { danger: true });
        return list;
      case 'DATA_SOURCE':
        if (node.extraParams.hasPermission === false) {
          add('noPermission', t('workspace.noPermission'), { disabled: true });
          add('hideNoPermission', t('workspace.hideNoPermission'));
          return list;
        }
        add('newConsole', t('workspace.menu.newConsole'));
        add('refresh', t('workspace.menu.refresh'));
        add('compareStructure', t('workspace.menu.compareStructure'));
        list.push({ type: 'divider' });
        add('edit', t('workspace.menu.editConnection'));
        add('clone', t('workspace.menu.clone'));
        list.push({ key: 'moveDs', label: t('workspace.menu.moveTo'), children: moveTargets() } as Item);
        add('copyName', t('workspace.menu.copyName'));
        list.push({ type: 'divider' });
        add('deleteDs', t('workspace.menu.delete'), { danger: true });
        return list;
      case 'DATABASE':
      case 'SCHEMA':
        add('newConsole', t('workspace.menu.newConsole'));
        if (loc) {
          add('createTable', t('workspace.menu.createTable'));
          add('allTables', t('workspace.menu.allTables'));
          add('er', t('workspace.menu.er'));
          list.push(...taskMenuItems(t, 'location'));
        }
        add('compareStructure', t('workspace.menu.compareStructure'));
        add('refresh', t('workspace.menu.refresh'));
        add('copyName', t('workspace.menu.copyName'));
        return list;
      case 'ALL_DATA':
        add('redisAllData', t('redis.menu.open'));
        return list;
      case 'TABLES':
        if (node.extraParams.databaseType === 'REDIS') {
          add('redisAllData', t('redis.menu.open'));
          add('refresh', t('workspace.menu.refresh'));
          return list;
        }
        add('createTable', t('workspace.menu.createTable'));
        add('allTables', t('workspace.menu.allTables'));
        add('er', t('workspace.menu.er'));
        add('refresh', t('workspace.menu.refresh'));
        return list;
      case 'CONSOLES':
        add('newConsole', t('workspace.menu.newConsole'));
        add('refresh', t('workspace.menu.refresh'));
        return list;
      case 'SAVED_CONSOLE':
        add('openConsole', t('workspace.menu.open'));
        add('renameConsole', t('workspace.menu.rename'));
        add('deleteConsole', t('workspace.menu.delete'), { danger: true });
        return list;
      case 'TABLE':
      case 'VIEW':
        add('openData', t(isTable ? 'workspace.menu.openData' : 'workspace.menu.openViewData'));
        add('newConsole', t('workspace.menu.newConsole'));
        if (!isTable) add('viewDefinition', t('workspace.menu.viewDefinition'));
        if (isTable) {
          add('editTable', t('workspace.menu.editTable'));
          add('ddl', t('workspace.menu.viewDdl'));
          add('pin', t(node.decorativeParams?.pinned ? 'workspace.menu.unpin' : 'workspace.menu.pin'));
        }
        add('aiTableInfo', t('aiTableInfo.menu'));
        if (isTable) list.push(...taskMenuItems(t, 'table'));
        list.push({ type: 'divider' });
        add('copyName', t('workspace.menu.copyName'));
        if (isTable) add('copyDdl', t('workspace.menu.copyDdl'));
        list.push({
          key: 'generate',
          label: t('workspace.menu.generate'),
          children: (isTable ? ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] : ['SELECT']).map((k) => ({ key: `gen:${k}`, label: t('workspace.menu.gen', { kind: k }) })),
        } as Item);
        add('refresh', t('workspace.menu.refresh'));
        if (isTable) {
          list.push({ type: 'divider' });
          add('truncate', t('workspace.menu.truncate'), { danger: true });
          add('drop', t('workspace.menu.drop'), { danger: true });
        }
        return list;
      case 'VIEWS':
        add('allViews', t('workspace.menu.allViews'));
        add('refresh', t('workspace.menu.refresh'));
        return list;
      case 'TRIGGER':
        add('triggerDefinition', t('workspace.menu.viewDefinition'));
        add('copyName', t('workspace.menu.copyName'));
        return list;
      case 'FUNCTION':
      case 'PROCEDURE':
        add('routineDefinition', t('workspace.menu.viewDefinition'));
        add('copyName', t('workspace.menu.copyName'));
        return list;
      default:
        if (!node.isLeaf) add('refresh', t('workspace.menu.refresh'));
        if (['COLUMN', 'VIEW_COLUMN', 'KEY', 'INDEX', 'FUNCTION', 'PROCEDURE', 'TRIGGER'].includes(type)) add('copyName', t('workspace.menu.copyName'));
        return list;
    }
  }

  async function run(node: TreeNode, key: string): Promise<void> {
    const target = targetOf(node);
    const table = { ...target, tableName: node.extraParams.tableName ?? node.originalTitle } as TableTarget;
    const st = tree.getState();
    if (key.startsWith('move:')) {
      const groupId = key === 'move:root' ? null : Number(key.slice(5));
      if (node.treeNodeType === 'GROUP') await api('/api/connection/group/update', { body: { id: node.id, parentId: groupId } });
      else await api('/api/connection/group/move_datasource', { body: { dataSourceId: node.id, groupId } });
      await st.refresh(ROOT_KEY);
      return;
    }
    if (key.startsWith('task:')) return runTaskMenu(key, table);
    if (redis.owns(key)) return redis.run(node, key);
    if (key.startsWith('gen:')) {
      const kind = key.slice(4) as TemplateKind;
      const d = dialectFor(target.databaseType);
      const cols = node.treeNodeType === 'VIEW' ? await metaApi.viewColumns(table) : await metaApi.columns(table);
      await copied(sqlTemplate(kind, d, tableSqlName(table), cols), kind);
      return;
    }
    switch (key) {
      case 'newConnection':
        dialogs().openConnection({ mode: 'create', type: 'POSTGRESQL', groupId: node.id ?? null });
        return;
      case 'newSubgroup':
        return newGroup(node.id ?? null);
      case 'rename':
        return dialogs().openPrompt({
          title: t('workspace.menu.rename'),
          initial: node.originalTitle,
          onOk: async (name) => {
            await api('/api/connection/group/update', { body: { id: node.id, name } });
            await st.refresh(ROOT_KEY);
          },
        });
      case 'deleteGroup':
        modal.confirm({
          title: t('workspace.group.deleteTitle', { name: node.originalTitle }),
          content: t('workspace.group.deleteBody'),
          okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
          okText: t('workspace.menu.delete'),
          onOk: async () => {
            await api(`/api/connection/group/${node.id}`, { method: 'DELETE' });
            await st.refresh(ROOT_KEY);
          },
        });
        return;
      case 'hideNoPermission':
        st.setHideNoPermission(true);
        return;
      case 'newConsole':
        await openNewConsole(target);
        return;
      case 'refresh':
        await st.refresh(node.key);
        return;
      case 'edit':
        dialogs().openConnection({ mode: 'edit', id: node.id! });
        return;
      case 'clone': {
        const id = await api<number>('/api/connection/datasource/clone', { body: { id: node.id } });
        await st.refresh(ROOT_KEY);
        void message.success(t('workspace.cloned'));
        dialogs().openConnection({ mode: 'edit', id });
        return;
      }
      case 'copyName':
        await copied(node.originalTitle, t('workspace.what.name'));
        return;
      case 'deleteDs':
        modal.confirm({
          title: t('workspace.ds.deleteTitle', { name: node.originalTitle }),
          content: t('workspace.ds.deleteBody'),
          okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
          okText: t('workspace.menu.delete'),
          onOk: async () => {
            await api(`/api/connection/datasource/${node.id}`, { method: 'DELETE' });
            await st.refresh(ROOT_KEY);
          },
        });
        return;
      case 'createTable':
        openTab.createTable(target);
        return;
      case 'allTables':
        openTab.allTables(target);
        return;
      case 'allViews':
        openTab.allViews(target);
        return;
      case 'aiTableInfo':
        openAiTableInfo(table);
        return;
      case 'er':
        openTab.erModel(target);
        return;
      case 'compareStructure':
        openSchemaSync({ dataSourceId: target.dataSourceId, databaseName: target.databaseName ?? null, schemaName: target.schemaName ?? null });
        return;
      case 'openConsole':
        if (useTabs.getState().tabs.some((x) => x.id === `console-${node.id}`) || canOpenConsole()) useTabs.getState().open(consoleTabOf({ id: node.id!, name: node.originalTitle, dataSourceId: target.dataSourceId, dataSourceName: target.dataSourceName, databaseName: target.databaseName ?? null, schemaName: target.schemaName ?? null, type: target.databaseType }));
        return;
      case 'renameConsole':
        return dialogs().openPrompt({
          title: t('workspace.menu.rename'),
          initial: node.originalTitle,
          onOk: async (name) => {
            await api('/api/operation/saved/update', { body: { id: node.id, name } });
            useTabs.getState().update(`console-${node.id}`, { title: name });
            await st.refresh(node.key.slice(0, node.key.lastIndexOf('/')));
          },
        });
      case 'deleteConsole':
        modal.confirm({
          title: t('workspace.console.deleteTitle', { name: node.originalTitle }),
          okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
          okText: t('workspace.menu.delete'),
          onOk: async () => {
            await api(`/api/operation/saved/${node.id}`, { method: 'DELETE' });
            useTabs.getState().close(`console-${node.id}`);
            await st.refresh(node.key.slice(0, node.key.lastIndexOf('/')));
          },
        });
        return;
      case 'openData':
        openTab.tableData(table, { readOnly: node.treeNodeType === 'VIEW' });
        return;
      case 'viewDefinition': {
        const v = (await metaApi.views(target)).find((x) => x.name === table.tableName);
        const body = v?.definition?.trim();
        const ddl = body ? (/^create\b/i.test(body) ? body : `CREATE VIEW ${tableSqlName(table)} AS\n${body}`) : `-- ${t('workspace.noDefinition')}`;
        openTab.definition('VIEW_VIEW', table, ddl);
        return;
      }
      case 'redisAllData':
        openTab.redisAllData(target);
        return;
      case 'routineDefinition': {
        const kind = node.treeNodeType === 'PROCEDURE' ? 'PROCEDURE' : 'FUNCTION';
        const r = await metaApi.routine(target, kind, node.originalTitle, node.extraParams.specificName);
        openTab.routine(kind, target, node.originalTitle, node.extraParams.specificName, r.definition?.trim() || `-- ${t('workspace.noDefinition')}`);
        return;
      }
      case 'triggerDefinition': {
        const tr = (await metaApi.triggers(target)).find((x) => x.name === node.originalTitle);
        openTab.definition('TRIGGER', { ...target, tableName: node.originalTitle }, tr?.definition?.trim() || `-- ${t('workspace.noDefinition')}`);
        return;
      }
      case 'editTable':
        openTab.editTable(table);
        return;
      case 'ddl':
        openTab.ddl(table);
        return;
      case 'pin': {
        const pinned = !node.decorativeParams?.pinned;
        await metaApi.pin(table, pinned);
        st.patchNode(node.key, { decorativeParams: { ...node.decorativeParams, pinned } }, true);
        return;
      }
      case 'copyDdl':
        await copied(await metaApi.tableDdl(table), 'DDL');
        return;
      case 'truncate':
        modal.confirm({
          title: t('workspace.table.truncateTitle', { name: table.tableName }),
          content: <code style={{ whiteSpace: 'pre-wrap' }}>{truncateSql(table)}</code>,
          okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
          okText: t('workspace.menu.truncate'),
          onOk: async () => {
            try {
              await runStatement(table, truncateSql(table));
              void message.success(t('workspace.table.truncated', { name: table.tableName }));
            } catch (e) {
              fail(e);
            }
          },
        });
        return;
      case 'drop':
        dialogs().openDropTable(table);
        return;
    }
  }

  return {
    menuFor: (node: TreeNode, after?: () => void): MenuProps => ({
      items: items(node),
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        after?.();
        run(node, key).catch(fail);
      },
    }),
    run: (node: TreeNode, key: string) => run(node, key).catch(fail),
    newGroup: (parentId: number | null = null) => newGroup(parentId),
  };
}
