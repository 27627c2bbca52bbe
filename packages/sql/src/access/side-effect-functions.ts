/**
 * Functions a read-only query must not call, per engine family: they change server or session state
 * (end other sessions, set settings, take locks, advance sequences), stall the server, or reach files,
 * other servers or SQL given as text. Matched on the called name, lower-case; a qualified name
 * (`pg_catalog.pg_sleep`, `dbms_lock.sleep`) is matched on its last part and on its package.
 */
import type { DefinitionName } from '../dialects/registry.js';

const words = (s: string) => s.trim().split(/\s+/);

/** Refused whatever the engine: they run SQL given as text or read files and other servers. */
const COMMON = words(`
  query_to_xml query_to_xmlschema query_to_xml_and_xmlschema cursor_to_xml cursor_to_xmlschema table_to_xml
  table_to_xmlschema table_to_xml_and_xmlschema schema_to_xml schema_to_xmlschema schema_to_xml_and_xmlschema
  database_to_xml database_to_xmlschema database_to_xml_and_xmlschema ts_stat
  openrowset openquery opendatasource xp_cmdshell load_file sys_exec sys_eval sys_get sys_set executeimmediate exec
`);

const BY_ENGINE: Record<DefinitionName, string[]> = {
  postgresql: words(`
    pg_terminate_backend pg_cancel_backend pg_reload_conf pg_rotate_logfile pg_rotate_logfile_old set_config
    pg_sleep pg_sleep_for pg_sleep_until nextval setval pg_notify pg_read_file pg_read_binary_file pg_stat_file
    pg_file_write pg_file_rename pg_file_unlink pg_file_sync pg_logdir_ls pg_promote pg_switch_wal pg_switch_xlog
    pg_create_restore_point pg_start_backup pg_stop_backup pg_backup_start pg_backup_stop pg_wal_replay_pause
    pg_wal_replay_resume pg_xlog_replay_pause pg_xlog_replay_resume pg_drop_replication_slot pg_export_snapshot
    pg_import_system_collations pg_log_backend_memory_contexts pg_logical_emit_message pg_logical_slot_get_changes
    pg_logical_slot_get_binary_changes pg_replication_slot_advance pg_prewarm pg_truncate_visibility_map
    txid_current pg_current_xact_id pg_log_standby_snapshot
  `),
  mysql: words(`
    get_lock release_lock release_all_locks sleep benchmark load_file master_pos_wait source_pos_wait
    wait_for_executed_gtid_set wait_until_sql_thread_after_gtids nextval setval
  `),
  sqlserver: words('xp_cmdshell xp_dirtree xp_fileexist xp_regread openrowset openquery opendatasource'),
  oracle: words(`
    sleep utl_http utl_inaddr utl_tcp utl_smtp utl_mail utl_file dbms_lock dbms_pipe dbms_ldap dbms_scheduler
    dbms_sql dbms_xmlquery dbms_xmlgen dbms_java dbms_aq dbms_alert dbms_session dbms_system httpuritype
    dburitype nextval
  `),
  sqlite: words('load_extension readfile writefile edit fts3_tokenizer'),
  duckdb: words(`
    read_csv read_csv_auto read_parquet read_json read_json_auto read_json_objects read_ndjson read_ndjson_auto
    read_ndjson_objects read_text read_blob read_xlsx parquet_scan parquet_metadata parquet_schema parquet_file_metadata
    parquet_kv_metadata sniff_csv glob query query_table getenv nextval setval iceberg_scan delta_scan postgres_scan
    postgres_query mysql_query sqlite_scan sqlite_attach postgres_attach duckdb_secrets
  `),
  clickhouse: words(`
    url urlcluster file filecluster remote remotesecure s3 s3cluster gcs hdfs hdfscluster azureblobstorage
    azureblobstoragecluster mysql postgresql jdbc odbc mongodb redis sqlite hive iceberg deltalake hudi input
    executable cluster clusterallreplicas sleep sleepeachrow
  `),
  redis: [],
};

/** Prefixes refused per engine (families of functions: large objects, dblink, advisory locks, …). */
const PREFIXES: Partial<Record<DefinitionName, string[]>> = {
  postgresql: ['lo_', 'dblink', 'pg_read', 'pg_ls_', 'pg_advisory', 'pg_try_advisory', 'pg_create_', 'pg_copy_', 'pg_replication_origin_', 'pg_stat_reset', 'pg_file_'],
  duckdb: ['read_', 'parquet_', 'iceberg_', 'delta_'],
  oracle: ['utl_', 'dbms_'],
};

const cache = new Map<DefinitionName, Set<string>>();

/** Whether `name` (lower-case; its parts when qualified) is a function a read-only query may not call on this engine. */
export function isSideEffectFunction(def: DefinitionName, parts: string[]): boolean {
  let set = cache.get(def);
  if (!set) cache.set(def, (set = new Set([...COMMON, ...(BY_ENGINE[def] ?? [])])));
  const prefixes = PREFIXES[def] ?? [];
  // Oracle packages (`dbms_lock.sleep`, `utl_http.request`) are refused by the package's name.
  const names = (def === 'oracle' ? [parts[parts.length - 1]!, parts[0]!] : [parts[parts.length - 1]!]).map((n) => n.toLowerCase());
  return names.some((n) => set.has(n) || prefixes.some((p) => n.startsWith(p)));
}
