/** One row of the explorer tree: indent, caret, icon, title, comment/type, tags, hover menu button. */
import { memo, type DragEvent, type MouseEvent } from 'react';
import { Tag, Tooltip } from 'antd';
import { CaretDownOutlined, CaretRightOutlined, EllipsisOutlined, LoadingOutlined, PushpinFilled, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { nodeIcon } from './icons';
import { FOLDER_TYPES, NO_PERMISSION_TYPES, type TreeNode } from './types';

export const ROW_HEIGHT = 26;

interface Props {
  node: TreeNode;
  depth: number;
  open: boolean;
  selected: boolean;
  loading: boolean;
  error?: string;
  count?: number;
  dropTarget: boolean;
  draggable: boolean;
  onClick(node: TreeNode, e: MouseEvent): void;
  onDoubleClick(node: TreeNode): void;
  onCaret(node: TreeNode): void;
  onMenu(node: TreeNode, x: number, y: number): void;
  onDragStart(node: TreeNode, e: DragEvent): void;
  onDragOver(node: TreeNode, e: DragEvent): void;
  onDragLeave(node: TreeNode): void;
  onDrop(node: TreeNode, e: DragEvent): void;
}

export const TreeRow = memo(function TreeRow(p: Props) {
  const { t } = useTranslation();
  const { node } = p;
  const noPermission = node.extraParams.hasPermission === false && NO_PERMISSION_TYPES.has(node.treeNodeType);
  const title = node.treeNodeType === 'SCHEMA_OBJECTS' ? t(`schemaSync.kind.${node.originalTitle}`) : FOLDER_TYPES.has(node.treeNodeType) ? t(`workspace.folder.${node.treeNodeType}`) : node.originalTitle;
  const comment = node.decorativeParams?.comment;
  return (
    <div
      className={`askdb-tree-row${p.selected ? ' is-selected' : ''}${p.dropTarget ? ' is-drop' : ''}`}
      style={{ height: ROW_HEIGHT, paddingLeft: 4 + p.depth * 14 }}
      role="treeitem"
      aria-expanded={node.isLeaf ? undefined : p.open}
      aria-selected={p.selected}
      aria-level={p.depth + 1}
      data-testid="tree-node"
      data-key={node.key}
      data-type={node.treeNodeType}
      data-title={node.originalTitle}
      title={comment ? `${node.originalTitle} — ${comment}` : node.describe ? `${node.originalTitle} (${node.describe})` : node.originalTitle}
      draggable={p.draggable}
      onClick={(e) => p.onClick(node, e)}
      onDoubleClick={() => p.onDoubleClick(node)}
      onContextMenu={(e) => {
        e.preventDefault();
        e.stopPropagation();
        p.onMenu(node, e.clientX, e.clientY);
      }}
      onDragStart={(e) => p.onDragStart(node, e)}
      onDragOver={(e) => p.onDragOver(node, e)}
      onDragLeave={() => p.onDragLeave(node)}
      onDrop={(e) => p.onDrop(node, e)}
    >
      <span
        className="askdb-tree-caret"
        onClick={(e) => {
          e.stopPropagation();
          p.onCaret(node);
        }}
      >
        {p.loading ? <LoadingOutlined /> : node.isLeaf ? null : p.open ? <CaretDownOutlined /> : <CaretRightOutlined />}
      </span>
      <span className="askdb-tree-icon">{nodeIcon(node, p.open)}</span>
      <span className={`askdb-tree-title${noPermission ? ' is-muted' : ''}`}>{title}</span>
      {p.count !== undefined && <span className="askdb-tree-count">{p.count}</span>}
      {node.decorativeParams?.pinned && <PushpinFilled className="askdb-tree-pin" aria-label={t('workspace.pinned')} />}
      {node.describe && <span className="askdb-tree-describe">{node.describe}</span>}
      {comment && <span className="askdb-tree-comment" data-testid="tree-comment">{comment}</span>}
      {noPermission && (
        <Tag className="askdb-tree-tag" color="default" data-testid="no-permission-tag">
          {t('workspace.noPermission')}
        </Tag>
      )}
      {p.error && (
        <Tooltip title={p.error}>
          <WarningOutlined className="askdb-tree-error" />
        </Tooltip>
      )}
      <span
        className="askdb-tree-more"
        role="button"
        aria-label={t('workspace.moreActions')}
        data-testid="tree-node-more"
        onClick={(e) => {
          e.stopPropagation();
          const r = (e.currentTarget as HTMLElement).getBoundingClientRect();
          p.onMenu(node, r.left, r.bottom);
        }}
      >
        <EllipsisOutlined />
      </span>
    </div>
  );
});
