/** What the execution service tells the user about transactions, answer size and the team's statement-time limit. */
import { defineMessages, translate, type Language } from '@askdb/contracts';

export const executionMessages = defineMessages({
  TRANSACTION_NEEDS_SESSION: {
    'en-US': 'A transaction needs a console session: this request ended inside an open transaction, so it was rolled back. Run BEGIN … COMMIT within one request, or in a console.',
    'zh-CN': '事务需要控制台会话：本次请求结束时事务仍未结束，已回滚。请在同一次请求内完成 BEGIN … COMMIT，或在控制台中执行。',
    'ja-JP': 'トランザクションにはコンソールセッションが必要です。このリクエストはトランザクションが開いたまま終了したため、ロールバックしました。BEGIN … COMMIT は 1 回のリクエスト内で実行するか、コンソールで実行してください。',
  },
  TRANSACTION_LOST: {
    'en-US': 'The connection was lost; the transaction was rolled back. Nothing since BEGIN was saved; end the transaction with ROLLBACK (or COMMIT) to go on.',
    'zh-CN': '连接已断开，事务已回滚。自 BEGIN 以来的更改均未保存；请执行 ROLLBACK（或 COMMIT）结束该事务后再继续。',
    'ja-JP': '接続が失われたため、トランザクションはロールバックされました。BEGIN 以降の変更は保存されていません。続けるには ROLLBACK（または COMMIT）でトランザクションを終了してください。',
  },
  ANSWER_TRUNCATED: {
    'en-US': 'The answer reached the size limit of one request ({limit}): only part of these rows came back. Fetch more rows, or run this statement on its own.',
    'zh-CN': '本次结果已达到单次请求的大小上限（{limit}），只返回了部分行。请加载更多行，或单独执行该语句。',
    'ja-JP': '結果が 1 回のリクエストのサイズ上限（{limit}）に達したため、一部の行だけを返しました。さらに行を取得するか、この文だけを実行してください。',
  },
  STATEMENT_TIME_LIMIT: {
    'en-US': 'Cancelled: the statement ran longer than the team’s limit of {seconds} s for members on this data source.',
    'zh-CN': '已取消：该语句的运行时间超过了团队为成员在此数据源上设定的 {seconds} 秒上限。',
    'ja-JP': 'キャンセルしました：このデータソースでメンバーに設定されたチームの上限 {seconds} 秒を超えて実行されました。',
  },
});

export type ExecutionMessage = keyof typeof executionMessages;

export const executionMsg = (lang: Language, key: ExecutionMessage, params?: Record<string, string | number>): string =>
  translate(executionMessages, key, lang, params);
