/** Icons of Redis keys by type (the tree's REDIS_KEY nodes), each with its type as label. */
import type { ReactNode } from 'react';
import { BlockOutlined, FieldStringOutlined, OrderedListOutlined, QuestionOutlined, SwapRightOutlined, TagsOutlined, UnorderedListOutlined } from '@ant-design/icons';

const BY_TYPE: Record<string, [ReactNode, string]> = {
  string: [<FieldStringOutlined />, '#3b7cff'],
  hash: [<TagsOutlined />, '#9f44d3'],
  list: [<UnorderedListOutlined />, '#2f9e44'],
  set: [<BlockOutlined />, '#e8590c'],
  zset: [<OrderedListOutlined />, '#d6336c'],
  stream: [<SwapRightOutlined />, '#1098ad'],
};

export function redisKeyIcon(type: string | undefined): ReactNode {
  const [icon, color] = BY_TYPE[type ?? ''] ?? [<QuestionOutlined />, '#8c8c8c'];
  return (
    <span style={{ color }} data-testid="redis-key-icon" data-redis-type={type ?? ''} aria-label={type} title={type}>
      {icon}
    </span>
  );
}
