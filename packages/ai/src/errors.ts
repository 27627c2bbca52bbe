/**
 * Provider failures as the spec's AI error codes, with a message in the user's language.
 * `messageKey` picks the sentence; several keys can share one code (e.g. a 404 and a 500 are
 * both AI_SERVICE_ERROR but say different things to the user).
 */
import { defineMessages, translate, type AiErrorCode, type Language } from '@askdb/contracts';

export const AI_MESSAGES = defineMessages({
  keyInvalid: {
    'en-US': 'The AI provider rejected the API key (HTTP {status}). Check the key in the AI settings.',
    'zh-CN': 'AI 服务拒绝了 API Key（HTTP {status}）。请在 AI 设置中检查 Key。',
    'ja-JP': 'AI プロバイダーが API キーを拒否しました（HTTP {status}）。AI 設定でキーを確認してください。',
  },
  keyInvalidAdmin: {
    'en-US': 'The AI provider rejected the API key. The key is managed by your administrator: please ask them to check it.',
    'zh-CN': 'AI 服务拒绝了 API Key。该 Key 由管理员管理，请联系管理员检查。',
    'ja-JP': 'AI プロバイダーが API キーを拒否しました。キーは管理者が管理しています。管理者に確認を依頼してください。',
  },
  keyLimit: {
    'en-US': 'The AI usage limit of this key is used up (HTTP {status}). Add credit or use another key.',
    'zh-CN': '该 API Key 的 AI 用量已用完（HTTP {status}）。请充值或更换 Key。',
    'ja-JP': 'この API キーの AI 利用上限に達しました（HTTP {status}）。クレジットを追加するか別のキーを使ってください。',
  },
  serviceBusy: {
    'en-US': 'The AI service is busy (HTTP {status}). Please retry in a moment.',
    'zh-CN': 'AI 服务繁忙（HTTP {status}），请稍后重试。',
    'ja-JP': 'AI サービスが混み合っています（HTTP {status}）。しばらくしてから再試行してください。',
  },
  serviceError: {
    'en-US': 'The AI service failed (HTTP {status}). Retry later or contact your administrator.',
    'zh-CN': 'AI 服务出错（HTTP {status}）。请稍后重试或联系管理员。',
    'ja-JP': 'AI サービスでエラーが発生しました（HTTP {status}）。後で再試行するか管理者に連絡してください。',
  },
  notFound: {
    'en-US': 'The AI endpoint or model was not found (HTTP 404). Check the API host and the model name.',
    'zh-CN': '未找到 AI 接口或模型（HTTP 404）。请检查 API 地址和模型名称。',
    'ja-JP': 'AI のエンドポイントまたはモデルが見つかりません（HTTP 404）。API ホストとモデル名を確認してください。',
  },
  badRequest: {
    'en-US': 'The AI service refused the request (HTTP {status}): {detail}',
    'zh-CN': 'AI 服务拒绝了请求（HTTP {status}）：{detail}',
    'ja-JP': 'AI サービスがリクエストを拒否しました（HTTP {status}）：{detail}',
  },
  methodInvalid: {
    'en-US': 'The AI endpoint does not accept this HTTP method (it must be POST). Check the API host.',
    'zh-CN': 'AI 接口不接受该 HTTP 方法（必须为 POST）。请检查 API 地址。',
    'ja-JP': 'AI エンドポイントはこの HTTP メソッドを受け付けません（POST が必要です）。API ホストを確認してください。',
  },
  unreachable: {
    'en-US': 'Cannot reach the AI service at {host} ({reason}). Check the API host and the network.',
    'zh-CN': '无法连接 AI 服务 {host}（{reason}）。请检查 API 地址和网络。',
    'ja-JP': 'AI サービス {host} に接続できません（{reason}）。API ホストとネットワークを確認してください。',
  },
  firstByteTimeout: {
    'en-US': 'The AI service at {host} did not answer within {seconds} s.',
    'zh-CN': 'AI 服务 {host} 在 {seconds} 秒内没有响应。',
    'ja-JP': 'AI サービス {host} が {seconds} 秒以内に応答しませんでした。',
  },
  stalled: {
    'en-US': 'The AI reply stopped arriving for {seconds} s and was abandoned.',
    'zh-CN': 'AI 回复已 {seconds} 秒没有新内容，已中止。',
    'ja-JP': 'AI の応答が {seconds} 秒間途絶えたため中止しました。',
  },
  streamCut: {
    'en-US': 'The AI reply was cut off before it finished. Please retry.',
    'zh-CN': 'AI 回复在完成前中断了，请重试。',
    'ja-JP': 'AI の応答が完了前に途切れました。再試行してください。',
  },
  tooLarge: {
    'en-US': 'The AI reply exceeded {limit} characters and was stopped.',
    'zh-CN': 'AI 回复超过 {limit} 个字符，已停止。',
    'ja-JP': 'AI の応答が {limit} 文字を超えたため停止しました。',
  },
  badJson: {
    'en-US': 'The AI service sent a reply that is not valid JSON.',
    'zh-CN': 'AI 服务返回的内容不是有效的 JSON。',
    'ja-JP': 'AI サービスの応答が有効な JSON ではありません。',
  },
  unsupportedContentType: {
    'en-US': 'The AI service answered with an unsupported content type ({contentType}); expected an event stream or JSON.',
    'zh-CN': 'AI 服务返回了不支持的内容类型（{contentType}），应为 event-stream 或 JSON。',
    'ja-JP': 'AI サービスがサポートされていないコンテンツタイプ（{contentType}）で応答しました。event-stream または JSON が必要です。',
  },
  emptyBody: {
    'en-US': 'The AI service returned an empty response.',
    'zh-CN': 'AI 服务返回了空响应。',
    'ja-JP': 'AI サービスが空の応答を返しました。',
  },
  notConfigured: {
    'en-US': 'No AI model is configured. Open Settings → AI, choose a source (OpenAI-compatible, Azure OpenAI, Anthropic or a custom REST endpoint) and enter its host, model and key.',
    'zh-CN': '尚未配置 AI 模型。请打开 设置 → AI，选择来源（OpenAI 兼容、Azure OpenAI、Anthropic 或自定义 REST 接口），并填写地址、模型和 Key。',
    'ja-JP': 'AI モデルが設定されていません。設定 → AI を開き、ソース（OpenAI 互換、Azure OpenAI、Anthropic、カスタム REST）を選んでホスト、モデル、キーを入力してください。',
  },
  notConfiguredAdmin: {
    'en-US': 'No AI model is configured. The AI settings are managed by your administrator: please ask them to configure one.',
    'zh-CN': '尚未配置 AI 模型。AI 设置由管理员管理，请联系管理员配置。',
    'ja-JP': 'AI モデルが設定されていません。AI 設定は管理者が管理しています。管理者に設定を依頼してください。',
  },
  invalidHost: {
    'en-US': 'The AI API host "{host}" is not a valid http(s) URL.',
    'zh-CN': 'AI API 地址“{host}”不是有效的 http(s) URL。',
    'ja-JP': 'AI API ホスト「{host}」は有効な http(s) URL ではありません。',
  },
  missingSetting: {
    'en-US': 'The AI setting "{field}" is required for this source.',
    'zh-CN': '该 AI 来源需要设置“{field}”。',
    'ja-JP': 'この AI ソースには設定「{field}」が必要です。',
  },
});

export type AiMessageKey = keyof typeof AI_MESSAGES;

export class AiError extends Error {
  readonly code: AiErrorCode;
  readonly messageKey: AiMessageKey;
  readonly params: Record<string, string | number>;
  /** Upstream HTTP status when there was one. */
  readonly status?: number;
  /** Provider's own words, with secrets removed and truncated; for `errorDetail`. */
  readonly detail?: string;

  constructor(
    code: AiErrorCode,
    messageKey: AiMessageKey,
    opts: { params?: Record<string, string | number>; status?: number; detail?: string } = {},
  ) {
    const params = { status: opts.status ?? '', detail: opts.detail ?? '', ...opts.params };
    super(translate(AI_MESSAGES, messageKey, 'en-US', params));
    this.name = 'AiError';
    this.code = code;
    this.messageKey = messageKey;
    this.params = params;
    this.status = opts.status;
    this.detail = opts.detail;
  }

  /** The message in the user's language. */
  localized(lang: Language): string {
    return translate(AI_MESSAGES, this.messageKey, lang, this.params);
  }
}

export function isAbortError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: string }).name === 'AbortError';
}

export function abortError(): Error {
  return new DOMException('The AI request was aborted.', 'AbortError');
}

/**
 * Remove secrets from provider text before it reaches a message or a log: the exact key, and
 * anything that looks like a bearer key (some providers echo part of the key back).
 */
export function redact(text: string, secrets: (string | undefined)[] = []): string {
  let out = text;
  for (const s of secrets) {
    if (s && s.length >= 4) out = out.split(s).join('***');
  }
  return out
    .replace(/\b(sk|pk|rk|ak)-[A-Za-z0-9_\-*.]{6,}/g, '$1-***')
    .replace(/(bearer\s+)[A-Za-z0-9_\-.=*]{8,}/gi, '$1***')
    .replace(/((?:api[-_]?key|x-api-key|access[-_]?token)["'\s:=]+)[A-Za-z0-9_\-.*]{8,}/gi, '$1***');
}

/** Short provider detail from an error body: its `error.message` when JSON, else the text. */
export function providerDetail(body: string, secrets: (string | undefined)[]): string {
  let detail = body.trim();
  try {
    const json = JSON.parse(detail) as Record<string, unknown>;
    const err = json.error as Record<string, unknown> | string | undefined;
    const msg =
      (typeof err === 'string' ? err : (err?.message as string | undefined)) ??
      (json.message as string | undefined) ??
      (json.msg as string | undefined) ??
      (json.error_msg as string | undefined);
    if (typeof msg === 'string') detail = msg;
  } catch {
    /* not JSON: keep the text */
  }
  detail = redact(detail, secrets);
  return detail.length > 500 ? detail.slice(0, 500) + '…' : detail;
}

/** Map a non-OK HTTP status (and its body) to an AiError. */
export function errorForStatus(status: number, body: string, secrets: (string | undefined)[]): AiError {
  const detail = providerDetail(body, secrets);
  const quota = /quota|insufficient|balance|billing|exceeded your|credit|欠费|余额|额度/i.test(body);
  if (status === 401 || status === 403) return new AiError('AI_KEY_INVALID', 'keyInvalid', { status, detail });
  if (status === 402) return new AiError('AI_KEY_LIMIT', 'keyLimit', { status, detail });
  if (status === 429) {
    return quota
      ? new AiError('AI_KEY_LIMIT', 'keyLimit', { status, detail })
      : new AiError('AI_SERVICE_BUSY', 'serviceBusy', { status, detail });
  }
  if (status === 404) return new AiError('AI_SERVICE_ERROR', 'notFound', { status, detail });
  if (status === 405) return new AiError('AI_HTTP_METHOD_INVALID', 'methodInvalid', { status, detail });
  // 529 is Anthropic's "overloaded": a retry helps, so it is busy rather than broken.
  if (status === 529) return new AiError('AI_SERVICE_BUSY', 'serviceBusy', { status, detail });
  if (status >= 500) return new AiError('AI_SERVICE_ERROR', 'serviceError', { status, detail });
  return new AiError('AI_SERVICE_ERROR', 'badRequest', { status, detail: detail || String(status) });
}

/** Map a fetch failure (no HTTP response) to AI_UNREACHABLE with the reason, never the URL's credentials. */
export function errorForNetwork(e: unknown, url: URL): AiError {
  const cause = (e as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? (e as { code?: string })?.code;
  const reason =
    code === 'ECONNREFUSED' ? 'connection refused'
    : code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? 'unknown host'
    : code === 'ECONNRESET' ? 'connection reset'
    : code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT' ? 'connection timed out'
    : code?.startsWith('ERR_TLS') || code?.includes('CERT') ? 'TLS error'
    : code ?? 'network error';
  return new AiError('AI_UNREACHABLE', 'unreachable', { params: { host: url.host, reason } });
}
