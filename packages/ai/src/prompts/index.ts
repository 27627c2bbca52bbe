export type { PromptContext } from './context.js';
export { buildPrompt, PROMPT_TYPES } from './build-prompt.js';
export { answerLanguage, detectLanguage, looksLikeSql, LANGUAGE_NAMES } from './language.js';
