/** The SMS sender of passcodes: an HTTP webhook (ASKDB_SMS_WEBHOOK_URL) that receives POST {phone, code, purpose} as JSON. */
import type { PasscodeSender } from './mail.js';

export function smsSender(webhookUrl: string, timeoutMs = 10_000): PasscodeSender {
  return {
    async send(m) {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: m.target, code: m.code, purpose: m.purpose, language: m.lang }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`SMS webhook answered HTTP ${res.status}`);
    },
  };
}
