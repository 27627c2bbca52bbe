/**
 * The buttons on one task row: Cancel while it moves, Download when its export is ready, and Delete
 * once it is finished (issue 28 point 1: the task goes with its export file and any upload left).
 */
import { Button, Popconfirm, Space } from 'antd';
import { DeleteOutlined, DownloadOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FINISHED_TASK_STATES, type TaskView } from '@askdb/contracts';
import { taskApi } from './api';

export const isMoving = (t: TaskView) => t.state === 'INITIALIZING' || t.state === 'RUNNING';
/** Only a finished task may be deleted (the server answers 409 otherwise); an unknown state shows no Delete. */
export const isDeletable = (t: TaskView) => FINISHED_TASK_STATES.includes(t.state);

export function TaskActions({ task, onCancel, onDelete }: { task: TaskView; onCancel: (t: TaskView) => Promise<void>; onDelete: (t: TaskView) => Promise<void> }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      {isMoving(task) && (
        <Popconfirm title={t('task.cancelConfirm')} onConfirm={() => onCancel(task)}>
          <Button size="small" danger icon={<StopOutlined />} data-testid="task-cancel">{t('task.cancel')}</Button>
        </Popconfirm>
      )}
      {task.downloadable && (
        <Button size="small" icon={<DownloadOutlined />} href={taskApi.downloadUrl(task.id)} data-testid="task-download">{t('task.download')}</Button>
      )}
      {isDeletable(task) && (
        <Popconfirm
          title={t('task.deleteConfirm', { title: task.title })}
          description={t('task.deleteConfirmDetail')}
          placement="bottomRight"
          styles={{ root: { maxWidth: 420 } }}
          okText={t('task.delete')}
          okButtonProps={{ danger: true, 'data-testid': 'task-delete-confirm' }}
          onConfirm={() => onDelete(task)}
        >
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('task.delete')} data-testid="task-delete">{t('task.delete')}</Button>
        </Popconfirm>
      )}
    </Space>
  );
}
