/** A real SMTP server on 127.0.0.1 (smtp-server) for tests: keeps every message it receives. */
import { SMTPServer } from 'smtp-server';

export interface Mail {
  to: string[];
  raw: string;
}

export async function startMailbox(): Promise<{ url: string; mails: Mail[]; next(to: string, timeoutMs?: number): Promise<Mail>; close(): Promise<void> }> {
  const mails: Mail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') });
        waiters.splice(0).forEach((w) => w());
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  const seen = new Set<Mail>();
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The next message to `to` not handed out before. */
    async next(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const m = mails.find((x) => !seen.has(x) && x.to.includes(to.toLowerCase()));
        if (m) {
          seen.add(m);
          return m;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The 6-digit code in a message (subject or body; either may be encoded, so decode quoted-printable/base64 first). */
export function codeIn(mail: Mail): string {
  const text = decodeMime(mail.raw);
  const m = /\b(\d{6})\b/.exec(text);
  if (!m) throw new Error(`no 6-digit code in the mail:\n${mail.raw}`);
  return m[1]!;
}

export function decodeMime(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  let body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head!)) body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  else if (/content-transfer-encoding:\s*quoted-printable/i.test(head!)) body = Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  const subject = /^subject:\s*(.*)$/im.exec(head!)?.[1] ?? '';
  const decodedSubject = subject.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, enc: string, t: string) => (enc.toUpperCase() === 'B' ? Buffer.from(t, 'base64').toString('utf8') : Buffer.from(t.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')));
  return `${decodedSubject}\n${body}`;
}
