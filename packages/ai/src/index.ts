export * from './provider.js';
export * from './errors.js';
export * from './sse.js';
export * from './think-splitter.js';
export { createProvider } from './providers/registry.js';
export { chatCompletionsUrl, OPENAI_COMPATIBLE_HOSTS } from './providers/openai-compatible.js';
export { azureChatUrl, AZURE_DEFAULT_API_VERSION } from './providers/azure-openai.js';
export { anthropicMessagesUrl, toAnthropicMessages } from './providers/anthropic.js';
export * from './prompts/index.js';
