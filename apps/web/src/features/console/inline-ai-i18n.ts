import type { FeatureStrings } from '../../i18n/types';

/** The '/' inline AI's answer shown as a diff in the editor (issue 25 point 5); the spec's words accept / give up (01 §3, issue 29 item 21). */
export const inlineAiStrings: FeatureStrings = {
  'en-US': {
    'console.inlineAi.writing': 'Writing SQL…',
    'console.inlineAi.accept': 'Accept',
    'console.inlineAi.reject': 'Give up',
    'console.inlineAi.diffHint': 'AI suggestion · Accept (Alt+Enter) or Give up (Esc)',
    'console.inlineAi.noSql': 'The AI answered without SQL: {{answer}}',
    'console.inlineAi.noSource': 'Choose a data source for this console first: the AI writes SQL for its tables.',
  },
  'zh-CN': {
    'console.inlineAi.writing': '正在编写 SQL…',
    'console.inlineAi.accept': '接受',
    'console.inlineAi.reject': '放弃',
    'console.inlineAi.diffHint': 'AI 建议 · 接受（Alt+Enter）或放弃（Esc）',
    'console.inlineAi.noSql': 'AI 的回答中没有 SQL：{{answer}}',
    'console.inlineAi.noSource': '请先为此控制台选择数据源：AI 会根据其中的表编写 SQL。',
  },
  'ja-JP': {
    'console.inlineAi.writing': 'SQL を作成中…',
    'console.inlineAi.accept': '採用',
    'console.inlineAi.reject': '破棄',
    'console.inlineAi.diffHint': 'AI の提案 · 採用（Alt+Enter）または破棄（Esc）',
    'console.inlineAi.noSql': 'AI の回答に SQL がありません：{{answer}}',
    'console.inlineAi.noSource': 'まずこのコンソールのデータソースを選んでください。AI はそのテーブルに合わせて SQL を書きます。',
  },
};
