/**
 * The refusal a user reads when a saved secret would be sent somewhere new (issue 24 point 2):
 * a data source's host/port/user/tunnel, or the AI settings' address, changed without the secret
 * typed again.
 */
import { ERROR_CODES, defineMessages, translate, type Language } from '@askdb/contracts';
import { AppError } from '../http/errors.js';

const messages = defineMessages({
  DATA_SOURCE_SECRET_RETYPE: {
    'en-US': 'The saved {fields} is only sent to the server it was saved for. You changed where it would go: type it again.',
    'zh-CN': '已保存的{fields}只会发送到保存时的服务器。您修改了它的去向，请重新输入。',
    'ja-JP': '保存された{fields}は、保存時のサーバーにのみ送信されます。送信先が変更されたため、もう一度入力してください。',
  },
  AI_KEY_RETYPE: {
    'en-US': 'The saved API key is only sent to the address it was saved for. You changed the AI source or its address: type the key again.',
    'zh-CN': '已保存的 API 密钥只会发送到保存时的地址。您修改了 AI 来源或地址，请重新输入密钥。',
    'ja-JP': '保存された API キーは、保存時のアドレスにのみ送信されます。AI ソースまたはアドレスが変更されたため、キーをもう一度入力してください。',
  },
  password: { 'en-US': 'password', 'zh-CN': '密码', 'ja-JP': 'パスワード' },
  secret: { 'en-US': 'secret', 'zh-CN': '密钥', 'ja-JP': 'シークレット' },
});

const fieldName = (field: string, lang: Language): string => {
  if (field === 'password' || field === 'ssh.password') return translate(messages, 'password', lang);
  if (field.startsWith('options.')) return field.slice('options.'.length);
  return translate(messages, 'secret', lang);
};

/** 400 naming the secrets that must be typed again; nothing when the list is empty. */
export function requireRetyped(mustRetype: string[], lang: Language): void {
  if (!mustRetype.length) return;
  const fields = [...new Set(mustRetype.map((f) => fieldName(f, lang)))].join(', ');
  throw new AppError(400, ERROR_CODES.INVALID_PARAMS, translate(messages, 'DATA_SOURCE_SECRET_RETYPE', lang, { fields }), mustRetype.join(','));
}

export function aiKeyRetype(lang: Language): AppError {
  return new AppError(400, ERROR_CODES.INVALID_PARAMS, translate(messages, 'AI_KEY_RETYPE', lang));
}
