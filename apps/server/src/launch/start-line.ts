import type { AppConfig } from '../config.js';
import { interfaceAddresses } from '../http/origin-guard.js';

/**
 * The one start line: where the server really listens. On a non-loopback address in local mode, the
 * URL carries the access token (printed this once; the browser keeps it as a cookie).
 */
export function startLine(config: Pick<AppConfig, 'version' | 'mode' | 'host' | 'home' | 'accessToken'>, port: number, addresses = interfaceAddresses()): string {
  const wildcard = config.host === '0.0.0.0' || config.host === '::' || config.host === '[::]';
  const urlHost = (h: string) => (h.includes(':') && !h.startsWith('[') ? `[${h}]` : h);
  const query = config.accessToken ? `/?token=${encodeURIComponent(config.accessToken)}` : '';
  const also = addresses.slice(0, 4).map(urlHost).join(', ');
  const where = wildcard ? `  (listening on ${urlHost(config.host)}:${port}: every network interface${also ? `, also ${also}` : ''})` : '';
  const reachable = wildcard ? '127.0.0.1' : config.host;
  return `AskDB ${config.version} (${config.mode} mode) is running at http://${urlHost(reachable)}:${port}${query}${where}  home=${config.home}`;
}

