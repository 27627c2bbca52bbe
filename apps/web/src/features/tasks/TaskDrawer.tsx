/**
 * The task list (issue 18 point 3; spec 02 §4 "Export task": initializing, failed, stopped, done):
 * one row per import or export with its state, a progress bar, counts, errors per row, cancel and
 * download. Polls every second while a task is still moving.
 */
import { useCallback, useEffect, useState } from 'react';
import { App, Badge, Button, Drawer, Empty, List, Popconfirm, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { CloudSyncOutlined, DownloadOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TaskState, TaskView } from '@askdb/contracts';
import { taskApi } from './api';
import { useTaskDialogs } from './store';
import { useErrorToast } from '../../app/use-error-toast';

const COLORS: Record<TaskState, string> = { INITIALIZING: 'default', RUNNING: 'processing', FAILED: 'error', STOPPED: 'warning', DONE: 'success' };
const moving = (t: TaskView) => t.state === 'INITIALIZING' || t.state === 'RUNNING';

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
    taskApi.list(1, 50).then((p) => setItems(p.data), (e: Error) => message.error(e.message)).finally(() => setLoading(false));
  }, [message]);
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
                  <Space size={4}>
                    {moving(task) && (
                      <Popconfirm title={t('task.cancelConfirm')} onConfirm={() => cancel(task)}>
                        <Button size="small" danger icon={<StopOutlined />} data-testid="task-cancel">{t('task.cancel')}</Button>
                      </Popconfirm>
                    )}
                    {task.downloadable && (
                      <Button size="small" icon={<DownloadOutlined />} href={taskApi.downloadUrl(task.id)} data-testid="task-download">{t('task.download')}</Button>
                    )}
                  </Space>
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
