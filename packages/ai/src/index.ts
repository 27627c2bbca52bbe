export * from './provider.js';
export * from './errors.js';
export * from './sse.js';
export * from './think-splitter.js';
export { createProvider } from './providers/registry.js';
export { chatCompletionsUrl, OPENAI_COMPATIBLE_HOSTS } from './providers/openai-compatible.js';
export { azureChatUrl, AZURE_DEFAULT_API_VERSION } from './providers/azure-openai.js';
export { anthropicMessagesUrl, toAnthropicMessages } from './providers/anthropic.js';
export * from './prompts/index.js';
export type { Catalog, CatalogTable, CatalogColumn, CatalogForeignKey } from './schema/catalog.js';
export {
  buildSchemaIndex, rankTables, linkSchema, mentionsIn, questionExpansions, DEFAULT_LINK_WEIGHTS,
  type LinkedTable, type LinkOptions, type LinkWeights, type SchemaIndex,
} from './schema/schema-link.js';
export { bm25fScores } from './schema/bm25f.js';
export { defaultWordNet, preloadDefaultWordNet, loadWordNet, loadWordNetAsync, type WordNet } from './schema/wordnet.js';
export { writeWordNetFiles, SAMPLE_SYNSETS, type SynsetSpec } from './schema/wordnet-files.js';
export { renderSchema, tableDdl, defaultQuote, DEFAULT_TOKEN_BUDGET, DEFAULT_MAX_TABLES, type RenderOptions, type RenderedSchema } from './schema/render-schema.js';
export { estimateTokens, questionTerms, identifierTerms, splitWords, stem, lemma } from './schema/text-tokens.js';
export { buildValueIndex, valueIndexFromCatalog, matchValues, valueCandidates, VALUE_INDEX_LIMITS, type ValueIndex, type ColumnValues, type ValueHit } from './schema/value-index.js';
export { SchemaEmbeddings, embed, embeddingsUrl, tableText, type EmbeddingsConfig } from './schema/schema-embeddings.js';
export { pickTablesWithModel, compactList, parsePicked, schemaTokenEstimate, type ModelPick, type ModelPickOptions } from './schema/model-pick.js';
export { catalogFromDriver, type DriverCatalogLike } from './schema/from-driver.js';
export { extractSqlBlocks, type SqlBlock } from './check/extract-sql.js';
export { analyzeStatement, type StatementAnalysis, type StatementKind, type TableRef } from './check/analyze-statement.js';
export {
  checkSql, describeProblems, type CheckHooks, type CheckReport, type CheckedStatement, type SqlProblem, type ProblemKind,
} from './check/check-sql.js';
export { checkedAnswer, correctionRequest, CHECK_MESSAGES, type CheckedAnswerEvent, type CheckedAnswerOptions } from './check/corrective-round.js';
