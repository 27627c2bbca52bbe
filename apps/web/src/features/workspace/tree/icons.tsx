/** Icon of each tree node type. */
import type { ReactNode } from 'react';
import {
  ApartmentOutlined, AppstoreOutlined, BranchesOutlined, CodeOutlined, ConsoleSqlOutlined, DatabaseOutlined, EyeOutlined,
  FolderOpenOutlined, FolderOutlined, FunctionOutlined, HddOutlined, KeyOutlined, NodeIndexOutlined, TableOutlined, ThunderboltOutlined,
} from '@ant-design/icons';
import type { TreeNode } from './types';
import { schemaObjectIcon } from './schema-objects';
import { redisKeyIcon } from './redis-icons';
import { ColumnTypeIcon } from '../../results/ColumnTypeIcon';

export function nodeIcon(node: TreeNode, open: boolean): ReactNode {
  switch (node.treeNodeType) {
    case 'GROUP':
      return open ? <FolderOpenOutlined style={{ color: '#d4a72c' }} /> : <FolderOutlined style={{ color: '#d4a72c' }} />;
    case 'DATA_SOURCE':
      return <HddOutlined style={{ color: node.extraParams.hasPermission === false ? '#8c8c8c' : '#3b7cff' }} />;
    case 'DATABASE':
      return <DatabaseOutlined style={{ color: '#52a8ff' }} />;
    case 'SCHEMA':
      return <ApartmentOutlined style={{ color: '#9f7aea' }} />;
    case 'TABLE':
      return <TableOutlined style={{ color: '#3fb27f' }} />;
    case 'VIEW':
      return <EyeOutlined style={{ color: '#36a3c9' }} />;
    case 'COLUMN':
    case 'VIEW_COLUMN':
      return node.decorativeParams?.primaryKey ? <KeyOutlined style={{ color: '#e0a030' }} /> : <ColumnTypeIcon nativeType={node.describe} />;
    case 'KEY':
      return <KeyOutlined style={{ color: node.decorativeParams?.primaryKey ? '#e0a030' : '#8c8c8c' }} />;
    case 'INDEX':
      return <NodeIndexOutlined style={{ color: '#8c8c8c' }} />;
    case 'FUNCTION':
      return <FunctionOutlined style={{ color: '#c77dff' }} />;
    case 'PROCEDURE':
      return <CodeOutlined style={{ color: '#c77dff' }} />;
    case 'SCHEMA_OBJECT':
      return schemaObjectIcon(node);
    case 'TRIGGER':
      return <ThunderboltOutlined style={{ color: '#f08c2e' }} />;
    case 'REDIS_KEY':
      return redisKeyIcon(node.decorativeParams?.redisType);
    case 'ALL_DATA':
      return <AppstoreOutlined style={{ color: '#d9534f' }} />;
    case 'SAVED_CONSOLE':
      return <ConsoleSqlOutlined style={{ color: '#3b7cff' }} />;
    case 'KEYS':
    case 'INDEXES':
      return <BranchesOutlined style={{ color: '#8c8c8c' }} />;
    default:
      return open ? <FolderOpenOutlined style={{ color: '#8c8c8c' }} /> : <FolderOutlined style={{ color: '#8c8c8c' }} />;
  }
}
