/**
 * Context menus of a Redis source's nodes (issue 25 item 8): a database offers a console, all data
 * and the key separator; a key opens, renames, sets its TTL, copies its name or is deleted. No
 * relational item (create/edit/truncate/drop table, ER, tasks) is offered for a key-value store.
 */
import { App } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { metaApi } from '../meta-api';
import { openTab, type TabTarget } from '../open-tabs';
import { useDialogs } from '../dialogs-store';
import { writeClipboard } from '../../../lib/clipboard';
import { deleteCommand, ttlCommand } from '../../redis/key-actions';
import { renameCommand, ttlQuery } from '../../redis/key-tree-actions';
import { separatorOf, setSeparator } from '../../redis/key-groups';
import type { TtlChoice } from '../../redis/TtlForm';
import { forgetKeys, isRedisTreeNode, redisDatabaseNodeKey } from './redis-tree';
import { useTree } from './tree-store';
import type { TreeNode } from './types';
import { useErrorToast } from '../../../app/use-error-toast';

type Item = NonNullable<MenuProps['items']>[number];

export function useRedisMenu(targetOf: (node: TreeNode) => TabTarget) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const showError = useErrorToast();

  const handles = (node: TreeNode) => isRedisTreeNode(node) && ['DATABASE', 'REDIS_KEY_GROUP', 'REDIS_KEY'].includes(node.treeNodeType);

  function items(node: TreeNode): Item[] {
    const add = (key: string, label: string, extra: object = {}) => ({ key, label, ...extra }) as Item;
    switch (node.treeNodeType) {
      case 'DATABASE':
        return [
          add('newConsole', t('workspace.menu.newConsole')),
          add('redisAllData', t('redis.menu.open')),
          add('redis:separator', t('redis.menu.separator')),
          add('refresh', t('workspace.menu.refresh')),
          add('copyName', t('workspace.menu.copyName')),
        ];
      case 'REDIS_KEY_GROUP':
        return [add('refresh', t('workspace.menu.refresh')), add('redis:copyName', t('redis.menu.copyPrefix'))];
      default:
        return [
          add('redis:open', t('workspace.menu.open')),
          add('redis:rename', t('workspace.menu.rename')),
          add('redis:ttl', t('redis.menu.ttl')),
          add('redis:copyName', t('workspace.menu.copyName')),
          { type: 'divider' },
          add('redis:delete', t('redis.action.delete'), { danger: true }),
        ];
    }
  }

  const reloadKeys = async (node: TreeNode) => {
    forgetKeys(node);
    await useTree.getState().refresh(redisDatabaseNodeKey(node));
  };

  const exec = async (node: TreeNode, command: string) => {
    const [r] = await metaApi.execute(targetOf(node), command, { errorContinue: false });
    if (!r || !r.success) throw new Error(r?.message || command);
    return r.dataList[0]?.[0] ?? null;
  };

  async function run(node: TreeNode, key: string): Promise<void> {
    const target = targetOf(node);
    const name = node.extraParams.tableName ?? node.originalTitle;
    switch (key) {
      case 'redis:open':
        openTab.tableData({ ...target, tableName: name });
        return;
      case 'redis:copyName':
        if (await writeClipboard(name)) void message.success(t('workspace.copied', { what: t('workspace.what.name') }));
        return;
      case 'redis:separator':
        return useDialogs.getState().openPrompt({
          title: t('redis.separatorTitle'),
          initial: separatorOf(target.dataSourceId),
          onOk: async (sep) => {
            setSeparator(target.dataSourceId, sep);
            await useTree.getState().refresh(node.key);
          },
        });
      case 'redis:rename':
        return useDialogs.getState().openPrompt({
          title: t('redis.renameTitle', { key: name }),
          initial: name,
          onOk: async (to) => {
            if (to === name) return;
            if ((await exec(node, renameCommand(name, to))) === '0') throw new Error(t('redis.renameTaken', { key: to }));
            await reloadKeys(node);
          },
        });
      case 'redis:ttl': {
        const choice: TtlChoice = { value: undefined };
        // The form (number input) is not the first screen's code: it loads with the key's TTL.
        const [answer, { TtlForm }] = await Promise.all([exec(node, ttlQuery(name)), import('../../redis/TtlForm')]);
        const ttl = Number(answer ?? -1);
        modal.confirm({
          title: t('redis.action.ttlTitle', { key: name }),
          icon: null,
          content: <TtlForm initial={ttl} choice={choice} />,
          okButtonProps: { 'data-testid': 'redis-ttl-ok' } as never,
          onOk: async () => {
            if (choice.value === undefined) {
              void message.warning(t('workspace.required'));
              throw new Error('invalid');
            }
            await exec(node, ttlCommand(name, choice.value));
            await reloadKeys(node);
          },
        });
        return;
      }
      case 'redis:delete':
        modal.confirm({
          title: t('redis.action.deleteTitle', { key: name }),
          content: <code>{deleteCommand(name)}</code>,
          okButtonProps: { danger: true, 'data-testid': 'redis-delete-ok' } as never,
          okText: t('redis.action.delete'),
          onOk: async () => {
            try {
              await exec(node, deleteCommand(name));
              await reloadKeys(node);
            } catch (e) {
              void showError(e);
            }
          },
        });
        return;
    }
  }

  return { handles, items, run, owns: (key: string) => key.startsWith('redis:') };
}
