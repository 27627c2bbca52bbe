/**
 * Statement extraction from public database test suites (test DATA for the false-error corpus):
 * PostgreSQL's regression scripts (psql: backslash meta-commands, COPY … FROM stdin data) and
 * MariaDB's mysqltest scripts (`--command` lines, `delimiter`, mysqltest commands, `$variables`).
 * Junk that slips through is harmless: the database oracle keeps only what it accepts.
 */
import { dialectFor } from '../../src/dialects/registry.js';
import { splitStatements } from '../../src/splitter.js';

const PG = dialectFor('POSTGRESQL');
const MY = dialectFor('MARIADB');

/** Statements of one psql script. */
export function psqlStatements(text: string): string[] {
  const kept: string[] = [];
  let copyData = false;
  for (const line of text.split('\n')) {
    if (copyData) {
      if (line.startsWith('\\.')) copyData = false;
      kept.push('');
      continue;
    }
    if (/^\s*\\/.test(line)) {
      kept.push('');
      continue;
    }
    // `SELECT … \gset` and friends: the meta-command ends the statement.
    const meta = line.search(/\\(g|gset|gexec|gx|crosstabview|bind)\b/);
    const sqlPart = meta >= 0 ? line.slice(0, meta) + ';' : line;
    kept.push(sqlPart);
    if (/^\s*copy\b.*\bfrom\s+stdin\b/i.test(line) || /\bfrom\s+stdin\b.*;\s*$/i.test(line)) copyData = /;\s*$/.test(line);
  }
  return splitStatements(kept.join('\n'), PG).map((s) => s.sql.trim()).filter(Boolean);
}

/** mysqltest commands that are not SQL (first word of a `;`-terminated command). */
const MYSQLTEST = new Set(`let eval echo connection connect disconnect source if while send reap sleep real_sleep error inc dec
die exit skip vertical_results horizontal_results save_master_pos sync_with_master sync_slave_with_master wait_for_slave_to_stop
remove_file write_file append_file cat_file copy_file move_file mkdir rmdir list_files list_files_write_file
list_files_append_file file_exists change_user character_set lowercase_result result_format shutdown_server send_eval
query_get_value start_timer end_timer ping dirty_close chmod output send_quit query_attributes replace_column replace_result
replace_regex sorted_result partially_sorted_result query_vertical query_horizontal exec execw perl system delimiter
disable_warnings enable_warnings disable_query_log enable_query_log disable_result_log enable_result_log disable_abort_on_error
enable_abort_on_error disable_ps_protocol enable_ps_protocol disable_metadata enable_metadata disable_info enable_info
disable_reconnect enable_reconnect disable_connect_log enable_connect_log disable_parsing enable_parsing disable_session_track_info
enable_session_track_info disable_view_protocol enable_view_protocol disable_cursor_protocol enable_cursor_protocol
disable_service_connection enable_service_connection disable_ps2_protocol enable_ps2_protocol disable_non_blocking_api
enable_non_blocking_api enable_prepare_warnings disable_prepare_warnings enable_column_names disable_column_names
require wait_for_sync_with_master sync_up_with_master reset_connection remove_files_wildcard copy_files_wildcard
assert debug_sync_point single_query`.split(/\s+/));

/** Statements of one mysqltest script. */
export function mysqltestStatements(text: string): string[] {
  const out: string[] = [];
  let delimiter = ';';
  let buf: string[] = [];
  let heredoc: string | null = null;
  const emit = (chunk: string): void => {
    let s = chunk.trim();
    if (!s) return;
    const first = s.match(/^[A-Za-z_]+/)?.[0]?.toLowerCase() ?? '';
    if (first === 'eval' || first === 'send' || first === 'query_vertical') s = s.replace(/^\w+\s+/, '');
    else if (MYSQLTEST.has(first) || /^[{}]/.test(s)) return;
    if (/\$[A-Za-z_{]/.test(s)) return; // mysqltest variables
    if (delimiter === ';') for (const st of splitStatements(s, MY)) out.push(st.sql.trim());
    else out.push(s);
  };
  for (const line of text.split('\n')) {
    if (heredoc !== null) {
      if (line.trim() === heredoc) heredoc = null;
      continue;
    }
    const trimmed = line.trim();
    if (buf.length === 0) {
      if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('--')) continue;
      const hd = trimmed.match(/^(?:write_file|append_file|perl)\b[^;]*?(?:\s+(\w+))?\s*;\s*$/i);
      if (hd) {
        heredoc = hd[1] ?? 'EOF';
        continue;
      }
      const d = trimmed.match(/^delimiter\s+(\S+?)\s*$/i);
      if (d) {
        let nd = d[1]!;
        if (nd.endsWith(delimiter) && nd.length > delimiter.length) nd = nd.slice(0, -delimiter.length);
        delimiter = nd;
        continue;
      }
    }
    buf.push(line);
    if (trimmed.endsWith(delimiter)) {
      const all = buf.join('\n').trimEnd();
      buf = [];
      emit(all.slice(0, all.length - delimiter.length));
    }
  }
  return out.filter(Boolean);
}
