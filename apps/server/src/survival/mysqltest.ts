/**
 * The SQL of a mysqltest script (MariaDB's own regression suite, `mysql-test/**\/*.test`): the
 * statements are kept, the mysqltest language is dropped — `--command` lines, `#` comments,
 * control lines (`if (…) {`, `while (…)`, `}`), commands such as let/source/eval/echo/connect/
 * connection/disconnect/error/send/reap, and `perl`/`write_file` blocks up to their `EOF`.
 * `delimiter X;` changes the delimiter as mysqltest does. A statement is kept only when its first
 * word starts a SQL statement, so anything unknown is dropped rather than sent.
 */
const SQL_HEADS = new Set([
  'select', 'insert', 'update', 'delete', 'replace', 'create', 'drop', 'alter', 'rename', 'truncate', 'set', 'show',
  'call', 'do', 'handler', 'flush', 'analyze', 'optimize', 'check', 'checksum', 'repair', 'grant', 'revoke', 'lock',
  'unlock', 'begin', 'commit', 'rollback', 'start', 'savepoint', 'release', 'prepare', 'execute', 'deallocate',
  'explain', 'describe', 'desc', 'with', 'values', 'table', 'load', 'cache', 'install', 'uninstall', 'kill', 'reset',
  'purge', 'xa', 'help', 'binlog', 'signal', 'resignal', 'get', 'use', 'backup', 'analyse', '(', 'stop', 'change',
]);
const BLOCK_COMMANDS = new Set(['perl', 'write_file', 'append_file']);

export function mysqltestStatements(text: string): string[] {
  const lines = text.split('\n');
  const out: string[] = [];
  let delimiter = ';';
  let buf = '';
  let skipUntil: string | null = null;

  /** A complete mysqltest "query": a SQL statement, or a command acted on or dropped. */
  const handle = (stmt: string) => {
    const words = stmt.split(/\s+/);
    const head = (/^[A-Za-z_]+|^\(/.exec(stmt)?.[0] ?? '').toLowerCase();
    if (head === 'delimiter' && words[1]) delimiter = words[1];
    else if (BLOCK_COMMANDS.has(head)) skipUntil = (head === 'perl' ? words[1] : words[2]) || 'EOF';
    else if (SQL_HEADS.has(head)) out.push(stmt);
  };

  for (const raw of lines) {
    const line = raw.trim();
    if (skipUntil !== null) {
      if (line === skipUntil) skipUntil = null;
      continue;
    }
    if (!buf.trim()) {
      buf = '';
      if (!line || line.startsWith('#')) continue;
      if (line.startsWith('--')) {
        const words = line.slice(2).trim().split(/\s+/);
        const cmd = (words[0] ?? '').toLowerCase();
        if (cmd === 'delimiter' && words[1]) delimiter = words[1];
        else if (BLOCK_COMMANDS.has(cmd)) skipUntil = (cmd === 'perl' ? words[1] : words[2]) || 'EOF';
        continue;
      }
      if (/^(if|while)\s*\(/i.test(line) || /^[{}]/.test(line)) continue;
    }
    buf += raw + '\n';
    for (let at = delimiterAt(buf, delimiter); at >= 0; at = delimiterAt(buf, delimiter)) {
      const stmt = buf.slice(0, at).trim();
      buf = buf.slice(at + delimiter.length);
      if (stmt) handle(stmt);
      if (skipUntil !== null) { buf = ''; break; }
    }
  }
  return out;
}

/** The first `delimiter` outside quotes, or -1. */
function delimiterAt(s: string, delimiter: string): number {
  let quote = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (s.startsWith(delimiter, i)) return i;
  }
  return -1;
}

/**
 * The statements as one MySQL console script: a statement that holds a semicolon (a routine, a
 * trigger) is wrapped in `DELIMITER` lines as the mysql client would need it.
 */
export function mysqlScript(statements: string[]): string {
  return statements.map((s) => {
    if (!s.includes(';')) return `${s};\n`;
    const d = ['$$', '//', ';;', '@@@', '|||'].find((x) => !s.includes(x)) ?? '~~~~';
    return `DELIMITER ${d}\n${s}${d}\nDELIMITER ;\n`;
  }).join('');
}
