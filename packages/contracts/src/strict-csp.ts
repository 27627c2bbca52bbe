/**
 * In the browser the web app runs under a CSP whose script-src is 'self' only (issue 24 point 3), and
 * zod probes `new Function` for its fast path: the browser reports the probe as a CSP violation even
 * though zod catches it. Set before any schema parses: this module is the first the package loads.
 */
import { z } from 'zod';

if (typeof (globalThis as { window?: unknown }).window !== 'undefined') z.config({ jitless: true });
