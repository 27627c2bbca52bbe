/**
 * A connection string fills the dialog's fields: `scheme://user:password@host:port/database?k=v`,
 * also with a `jdbc:` prefix; query parameters become driver options.
 */
export interface ParsedConnection {
  host?: string;
  port?: number;
  user?: string;
  password?: string;
  databaseName?: string;
  options: Record<string, string>;
}

export function parseConnectionString(input: string): ParsedConnection | null {
  const text = input.trim().replace(/^jdbc:/i, '');
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return null;
  let u: URL;
  try {
    // URL only parses authorities of special schemes reliably: swap the scheme for http.
    u = new URL(text.replace(/^[a-z][a-z0-9+.-]*:/i, 'http:'));
  } catch {
    return null;
  }
  const options: Record<string, string> = {};
  u.searchParams.forEach((v, k) => (options[k] = v));
  const db = decodeURIComponent(u.pathname.replace(/^\//, ''));
  // Read the port from the text: URL hides a port equal to http's default (80).
  const authority = text.replace(/^[^:]+:\/\//, '').split(/[/?#]/)[0]!;
  const port = authority.slice(authority.lastIndexOf('@') + 1).match(/:(\d+)$/)?.[1];
  return {
    host: u.hostname ? u.hostname.replace(/^\[|\]$/g, '') : undefined,
    port: port ? Number(port) : undefined,
    user: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    databaseName: db || undefined,
    options,
  };
}
