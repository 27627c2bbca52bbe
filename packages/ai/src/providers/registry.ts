/**
 * Maps the spec's AI source enum to a provider. OPENAI covers every OpenAI-compatible base URL
 * (DeepSeek, Ollama /v1, vLLM, LM Studio…). ZHIPUAI signs its own JWT from the `{id}.{secret}` key
 * (zhipu.ts); WENXINAI speaks Baidu's Qianfan API with an access token from the API/Secret key pair
 * (wenxin.ts); BAICHUANAI's API is OpenAI's protocol at its own host. The vendor sources have a
 * default host and model, so a key is all they need. ASKDB (the product's own AI) has no model or
 * key shipped with the product, so it is "not configured".
 */
import { AiError } from '../errors.js';
import type { LlmProvider, ProviderConfig } from '../provider.js';
import { createAnthropicProvider } from './anthropic.js';
import { createAzureOpenAiProvider } from './azure-openai.js';
import { createOpenAiCompatibleProvider } from './openai-compatible.js';
import { createRestAiProvider } from './rest-ai.js';
import { createWenxinProvider } from './wenxin.js';
import { createZhipuProvider } from './zhipu.js';

export const BAICHUAN_DEFAULT_MODEL = 'Baichuan4-Turbo';

export function createProvider(config: ProviderConfig): LlmProvider {
  switch (config.source) {
    case 'OPENAI':
      return createOpenAiCompatibleProvider(config);
    case 'BAICHUANAI':
      return createOpenAiCompatibleProvider({ ...config, model: config.model || BAICHUAN_DEFAULT_MODEL });
    case 'ZHIPUAI':
      return createZhipuProvider(config);
    case 'WENXINAI':
      return createWenxinProvider(config);
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
