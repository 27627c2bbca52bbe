/** Server messages of the AI routes, in the three languages. */
import { defineMessages, translate, type Language } from '@askdb/contracts';

export const aiServerMessages = defineMessages({
  CHAT_NOT_FOUND: { 'en-US': 'Conversation {id} not found', 'zh-CN': '对话 {id} 不存在', 'ja-JP': '会話 {id} が見つかりません' },
  COLLECTION_NOT_FOUND: { 'en-US': 'AI data collection {id} not found', 'zh-CN': 'AI 数据集 {id} 不存在', 'ja-JP': 'AI データコレクション {id} が見つかりません' },
  COLLECTION_FORBIDDEN: {
    'en-US': 'This AI data collection belongs to another user',
    'zh-CN': '该 AI 数据集属于其他用户',
    'ja-JP': 'この AI データコレクションは別のユーザーのものです',
  },
  ELEMENT_NOT_FOUND: { 'en-US': 'Table {id} is not in this AI data collection', 'zh-CN': '该 AI 数据集中没有表 {id}', 'ja-JP': 'テーブル {id} はこの AI データコレクションにありません' },
  SETTINGS_ADMIN_ONLY: {
    'en-US': 'The AI settings are managed by your administrator',
    'zh-CN': 'AI 设置由管理员管理',
    'ja-JP': 'AI 設定は管理者が管理しています',
  },
  API_TEST_FAILED: { 'en-US': 'API interface test failed', 'zh-CN': '接口测试失败', 'ja-JP': 'API インターフェースのテストに失敗しました' },
  SETTINGS_INVALID: { 'en-US': 'Invalid AI settings: {reason}', 'zh-CN': 'AI 设置无效：{reason}', 'ja-JP': 'AI 設定が無効です：{reason}' },
  CHAT_CONTEXT_FAILED: {
    'en-US': 'Could not read the schema of the bound data source ({reason}); answering without it.',
    'zh-CN': '无法读取所绑定数据源的结构（{reason}），将在没有结构信息的情况下回答。',
    'ja-JP': 'バインドされたデータソースのスキーマを読み取れませんでした（{reason}）。スキーマなしで回答します。',
  },
});

export type AiServerMessageKey = keyof typeof aiServerMessages;
export const aiMsg = (lang: Language, key: AiServerMessageKey, params?: Record<string, string | number>) => translate(aiServerMessages, key, lang, params);
