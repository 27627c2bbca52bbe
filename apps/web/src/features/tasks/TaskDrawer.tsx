/**
 * The task list (issue 18 point 3; spec 02 §4 "Export task": initializing, failed, stopped, done):
 * one row per import or export with its state, a progress bar, counts, errors per row, cancel,
 * download and delete (TaskActions). Polls every second while a task is still moving.
 */
import { useCallback, useEffect, useState } from 'react';
import { App, Badge, Button, Drawer, Empty, List, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { CloudSyncOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TaskState, TaskView } from '@askdb/contracts';
import { taskApi } from './api';
import { useTaskDialogs } from './store';
import { useErrorToast } from '../../app/use-error-toast';
import { TaskActions, isMoving as moving } from './TaskActions';

const COLORS: Record<TaskState, string> = { INITIALIZING: 'default', RUNNING: 'processing', FAILED: 'error', STOPPED: 'warning', DONE: 'success' };

export function TasksButton() {
  const { t } = useTranslation();
  const open = useTaskDialogs((s) => s.openDrawer);
  const [running, setRunning] = useState(0);
  const version = useTaskDialogs((s) => s.version);
  useEffect(() => {
    let stop = false;
    const tick = () => taskApi.list(1, 20).then((p) => !stop && setRunning(p.data.filter(moving).length), () => undefined);
    void tick();
    const h = setInterval(tick, running ? 2000 : 15000);
    return () => {
      stop = true;
      clearInterval(h);
    };
  }, [version, running]);
  return (
    <>
      <Tooltip title={t('task.title')}>
        <Badge count={running} size="small" offset={[-4, 4]}>
          <Button type="text" data-testid="tasks-button" aria-label={t('task.button')} icon={<CloudSyncOutlined />} onClick={() => open(true)} />
        </Badge>
      </Tooltip>
      <TaskDrawer />
    </>
  );
}

function TaskDrawer() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const open = useTaskDialogs((s) => s.drawerOpen);
  const version = useTaskDialogs((s) => s.version);
  const [items, setItems] = useState<TaskView[]>([]);
  const [loading, setLoading] = useState(false);
  const load = useCallback(() => {
    setLoading(true);
    taskApi.list(1, 50).then((p) => setItems(p.data), showError).finally(() => setLoading(false));
  }, [showError]);
  useEffect(() => {
    if (open) load();
  }, [open, load, version]);
  const anyMoving = items.some(moving);
  useEffect(() => {
    if (!open || !anyMoving) return;
    const h = setInterval(() => taskApi.list(1, 50).then((p) => setItems(p.data), () => undefined), 1000);
    return () => clearInterval(h);
  }, [open, anyMoving]);

  const cancel = async (task: TaskView) => {
    try {
      const v = await taskApi.cancel(task.id);
      setItems((old) => old.map((x) => (x.id === v.id ? v : x)));
    } catch (e) {
      void showError(e);
    }
  };
  const remove = async (task: TaskView) => {
    try {
      await taskApi.remove(task.id);
      void message.success(t('task.deleted'));
    } catch (e) {
      void showError(e);
    }
    // Refreshed either way: a failure (409, 404) usually means the list is stale.
    load();
  };

  return (
    <Drawer open={open} onClose={() => useTaskDialogs.getState().openDrawer(false)} title={t('task.title')} width={520} data-testid="task-drawer"
      extra={<Button size="small" icon={<ReloadOutlined />} onClick={load} loading={loading}>{t('task.refresh')}</Button>}>
      {items.length === 0 ? <Empty description={t('task.empty')} /> : (
        <List
          dataSource={items}
          renderItem={(task) => (
            <List.Item data-testid={`task-${task.id}`} data-state={task.state}>
              <div style={{ width: '100%' }}>
                <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                  <Space size={4} wrap>
                    <Tag>{t(`task.kind.${task.kind}`)}</Tag>
                    <Typography.Text strong data-testid="task-title">{task.title}</Typography.Text>
                  </Space>
                  <Tag color={COLORS[task.state]} data-testid="task-state">{t(`task.state.${task.state}`)}</Tag>
                </Space>
                <Progress
                  percent={task.percent ?? (task.state === 'DONE' || moving(task) ? 100 : 0)}
                  status={task.state === 'FAILED' ? 'exception' : task.state === 'DONE' ? 'success' : moving(task) ? 'active' : 'normal'}
                  size="small"
                  showInfo={task.percent !== null}
                />
                <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                  <Typography.Text type="secondary" data-testid="task-rows">
                    {task.kind === 'IMPORT' ? t('task.rowsImported', { committed: task.committedRows, failed: task.failedRows }) : t('task.rows', { committed: task.committedRows })}
                  </Typography.Text>
                  <TaskActions task={task} onCancel={cancel} onDelete={remove} />
                </Space>
                {task.error && <Typography.Paragraph type="danger" style={{ marginBottom: 0 }} data-testid="task-error">{task.error}</Typography.Paragraph>}
                {task.rowErrors.length > 0 && (
                  <details>
                    <summary>{t('task.rowErrors')} ({task.failedRows})</summary>
                    {task.rowErrors.slice(0, 20).map((e) => <div key={e.row}><Typography.Text type="secondary">{t('task.row', { row: e.row })}</Typography.Text> {e.message}</div>)}
                  </details>
                )}
              </div>
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
