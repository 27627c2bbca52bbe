/**
 * Maps the spec's AI source enum to a provider. OPENAI covers every OpenAI-compatible base URL
 * (DeepSeek, Ollama /v1, vLLM, LM Studio…); ZHIPUAI, BAICHUANAI and WENXINAI are
 * OpenAI-compatible with their vendor's default base URL. ASKDB (the product's own AI) has no
 * model or key shipped with the product, so it is "not configured".
 */
import { AiError } from '../errors.js';
import type { LlmProvider, ProviderConfig } from '../provider.js';
import { createAnthropicProvider } from './anthropic.js';
import { createAzureOpenAiProvider } from './azure-openai.js';
import { createOpenAiCompatibleProvider } from './openai-compatible.js';
import { createRestAiProvider } from './rest-ai.js';

export function createProvider(config: ProviderConfig): LlmProvider {
  switch (config.source) {
    case 'OPENAI':
    case 'ZHIPUAI':
    case 'BAICHUANAI':
    case 'WENXINAI':
      return createOpenAiCompatibleProvider(config);
    case 'AZUREAI':
      return createAzureOpenAiProvider(config);
    case 'ANTHROPIC':
      return createAnthropicProvider(config);
    case 'RESTAI':
      return createRestAiProvider(config);
    case 'ASKDB':
    default:
      throw new AiError('AI_NOT_CONFIGURED', 'notConfigured');
  }
}
