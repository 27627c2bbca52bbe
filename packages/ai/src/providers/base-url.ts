import { AiError } from '../errors.js';

/** Parse a configured API host; only http(s). Credentials in the URL are not echoed back. */
export function parseBaseUrl(host: string): URL {
  let url: URL;
  try {
    url = new URL(host.trim());
  } catch {
    throw new AiError('AI_NOT_CONFIGURED', 'invalidHost', { params: { host: host.replace(/\/\/[^@/]*@/, '//***@').slice(0, 200) } });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AiError('AI_NOT_CONFIGURED', 'invalidHost', { params: { host: `${url.protocol}//${url.host}` } });
  }
  return url;
}
