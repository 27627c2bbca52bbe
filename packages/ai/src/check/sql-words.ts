/**
 * Words that are SQL rather than names, across dialects: keywords, bare-word functions
 * (CURRENT_DATE), date parts, type names. Used only to avoid calling them unknown columns.
 */
export const SQL_WORDS: ReadonlySet<string> = new Set(
  (
    'a abs absolute action add after all allocate alter always analyze and any are array as asc assertion at authorization auto_increment avg ' +
    'before begin between bigint binary bit blob boolean both breadth by bytea cache call cascade cascaded case cast catalog char character ' +
    'check clob close cluster coalesce collate collation column columns comment commit concurrently condition connect constraint constraints ' +
    'continue convert copy corresponding count create cross cube current current_date current_path current_role current_schema current_time ' +
    'current_timestamp current_user cursor cycle data database databases date datetime day days deallocate dec decimal declare default ' +
    'deferrable deferred delete delimiter desc describe distinct do domain double drop each else elsif end escape except exception exclude ' +
    'exec execute exists explain extract false fetch filter first float following for force foreign format found from full function generated ' +
    'get global go goto grant group grouping groups having hour hours identity if ignore ilike immediate in index indexes initially inner inout ' +
    'input insensitive insert int integer intersect interval into is isolation join json jsonb key keys language last lateral leading left ' +
    'level like limit local localtime localtimestamp lock long loop match materialized max merge min minute minutes mod mode modify month months ' +
    'names national natural nchar next no none not nothing nowait null nullif nulls number numeric nvarchar of off offset on only open option ' +
    'or order ordinality out outer over overlaps owned owner partition percent placing position preceding precision prepare primary prior ' +
    'privileges procedure public quarter range read real recursive references referencing regexp release rename repeat replace restrict ' +
    'return returning returns revoke right rlike role rollback rollup row rownum rows savepoint schema schemas second seconds select ' +
    'sequence session session_user set sets share show similar size smallint some start statement stddev straight_join substring sum ' +
    'system_user table tables temp temporary text then ties time timestamp timestamptz timezone tinyint to top trailing transaction trigger ' +
    'trim true truncate type unbounded uncommitted union unique unknown unlogged unsigned until update usage use user using uuid vacuum ' +
    'value values varchar variadic varying verbose view views week weeks when where while window with within without work write year ' +
    'years zone epoch dow doy isodow isoyear microsecond microseconds millisecond milliseconds nanosecond century decade millennium ' +
    'sysdate systimestamp getdate now dual rowid oid ctid excluded new old mediumint longtext mediumtext tinytext varbinary ' +
    'float4 float8 int2 int4 int8 serial bigserial smallserial money inet cidr macaddr xml bool nvarchar2 varchar2 number2 clob nclob raw'
  ).split(/\s+/),
);
