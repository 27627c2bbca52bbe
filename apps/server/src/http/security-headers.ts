/**
 * Headers every response carries (issue 24 point 3): a strict Content-Security-Policy — scripts only
 * from our own origin (no inline script, no eval), never framed (`frame-ancestors 'none'`, and
 * X-Frame-Options for older browsers) — no MIME sniffing, no referrer to other sites.
 *
 * style-src allows inline styles: antd and Monaco write `<style>` elements and style attributes at run
 * time (CSS-in-JS); a style cannot run code. Images may come from https (sign-in providers' avatars)
 * and data:/blob: URLs (uploads before they are sent, charts saved as images).
 */
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/** Set on every reply before anything else, so errors, static files and the SPA fallback carry them too. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
}
