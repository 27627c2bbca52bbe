/** Messages of knowledge management, in the three languages. */
import { defineMessages, translate, type Language } from '@askdb/contracts';

export const knowledgeMessages = defineMessages({
  NAME_REQUIRED: { 'en-US': 'Please fill in the name', 'zh-CN': '请填写名称', 'ja-JP': '名前を入力してください' },
  CONTENT_REQUIRED: { 'en-US': 'Please fill in the content', 'zh-CN': '请填写内容', 'ja-JP': '内容を入力してください' },
  TABLE_REQUIRED: { 'en-US': 'A table annotation needs the table it annotates', 'zh-CN': '表注释需要填写所注释的表', 'ja-JP': 'テーブル注釈には対象のテーブルが必要です' },
  KIND_INVALID: { 'en-US': 'Unknown kind "{value}": use one of {kinds}', 'zh-CN': '未知类型“{value}”：请使用 {kinds} 之一', 'ja-JP': '不明な種類「{value}」です。{kinds} のいずれかを使ってください' },
  TOO_LONG: { 'en-US': '{field} is longer than {max} characters', 'zh-CN': '{field}超过 {max} 个字符', 'ja-JP': '{field}が {max} 文字を超えています' },
  DATA_SOURCE_UNKNOWN: { 'en-US': 'No data source "{value}" you can use in this organization', 'zh-CN': '本组织中没有您可使用的数据源“{value}”', 'ja-JP': 'この組織で使えるデータソース「{value}」はありません' },
  ITEM_NOT_FOUND: { 'en-US': 'Knowledge item {id} not found', 'zh-CN': '知识条目 {id} 不存在', 'ja-JP': 'ナレッジ項目 {id} が見つかりません' },
  IMPORT_INVALID: { 'en-US': '{count} row(s) of the file are invalid; nothing was imported', 'zh-CN': '文件中有 {count} 行无效，未导入任何内容', 'ja-JP': 'ファイルの {count} 行が無効なため、何もインポートされませんでした' },
  IMPORT_UNREADABLE: { 'en-US': 'The file is not a readable xlsx workbook', 'zh-CN': '该文件不是可读取的 xlsx 工作簿', 'ja-JP': 'このファイルは読み取り可能な xlsx ブックではありません' },
  IMPORT_EMPTY: { 'en-US': 'The file has no rows to import', 'zh-CN': '文件中没有可导入的行', 'ja-JP': 'インポートする行がありません' },
  IMPORT_TOO_MANY: { 'en-US': 'At most {max} rows can be imported at once', 'zh-CN': '一次最多导入 {max} 行', 'ja-JP': '一度にインポートできるのは最大 {max} 行です' },
  IMPORT_NO_FILE: { 'en-US': 'Choose an xlsx file to import', 'zh-CN': '请选择要导入的 xlsx 文件', 'ja-JP': 'インポートする xlsx ファイルを選んでください' },
  IMPORT_TOO_LARGE: { 'en-US': 'The file must be smaller than {mb}MB', 'zh-CN': '文件必须小于 {mb}MB', 'ja-JP': 'ファイルは {mb}MB 未満にしてください' },
  COL_KIND: { 'en-US': 'Kind', 'zh-CN': '类型', 'ja-JP': '種類' },
  COL_NAME: { 'en-US': 'Name', 'zh-CN': '名称', 'ja-JP': '名前' },
  COL_CONTENT: { 'en-US': 'Content', 'zh-CN': '内容', 'ja-JP': '内容' },
  COL_DATA_SOURCE: { 'en-US': 'Data source (empty = global)', 'zh-CN': '数据源（留空为全局）', 'ja-JP': 'データソース（空欄 = 全体）' },
  COL_TABLE: { 'en-US': 'Table', 'zh-CN': '表', 'ja-JP': 'テーブル' },
  SHEET_ITEMS: { 'en-US': 'Knowledge', 'zh-CN': '知识', 'ja-JP': 'ナレッジ' },
  SHEET_HELP: { 'en-US': 'How to fill', 'zh-CN': '填写说明', 'ja-JP': '記入方法' },
  HELP_TEXT: {
    'en-US': 'One item per row of the first sheet, from row 2. Kind: TERMINOLOGY (a term and what it means), BUSINESS_LOGIC (a rule of the business), CASE_OPTIMIZATION (a question and the SQL that answers it well), TABLE_ANNOTATION (what a table holds; Table is required). Name and Content are required. Data source: its name as in AskDB, or empty for every data source.',
    'zh-CN': '第一个工作表每行一个条目，从第 2 行开始。类型：TERMINOLOGY（术语及其含义）、BUSINESS_LOGIC（业务规则）、CASE_OPTIMIZATION（问题及较好的 SQL）、TABLE_ANNOTATION（表的内容说明，必须填写表）。名称和内容必填。数据源：填写 AskDB 中的名称，留空表示所有数据源。',
    'ja-JP': '最初のシートの 2 行目から 1 行に 1 項目。種類：TERMINOLOGY（用語とその意味）、BUSINESS_LOGIC（業務ルール）、CASE_OPTIMIZATION（質問とそれに適した SQL）、TABLE_ANNOTATION（テーブルの内容。テーブルは必須）。名前と内容は必須。データソース：AskDB での名前、空欄ならすべてのデータソース。',
  },
  AI_SECTION: { 'en-US': 'Team knowledge', 'zh-CN': '团队知识', 'ja-JP': 'チームのナレッジ' },
});

export type KnowledgeMessageKey = keyof typeof knowledgeMessages;
export const kMsg = (lang: Language, key: KnowledgeMessageKey, params?: Record<string, string | number>) => translate(knowledgeMessages, key, lang, params);
