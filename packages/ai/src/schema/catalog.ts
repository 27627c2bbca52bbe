/**
 * The structural catalog schema linking reads: tables with columns, comments, keys and the
 * annotations users add in AI data collections. The server builds it from a driver's bulk
 * catalog; the benchmark builds it from SQLite's own catalog.
 */
export interface CatalogColumn {
  name: string;
  /** Native type as the engine reports it, e.g. `varchar(20)`. */
  type?: string;
  nullable?: boolean;
  primaryKey?: boolean;
  comment?: string;
  /** Names users gave the column in "Change AI table info" (AI alias name), matched like the name itself. */
  aliases?: string[];
  /** Up to a few distinct values; only filled (and only rendered) when privacy allows samples. */
  samples?: string[];
}

export interface CatalogForeignKey {
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
}

export interface CatalogTable {
  /** Name as it should be written in SQL (qualified when the context needs it). */
  name: string;
  kind?: 'TABLE' | 'VIEW';
  comment?: string;
  /** Free text a user attached to the table in an AI data collection ("who buys what"). */
  annotation?: string;
  /** Names users gave the table in "Change AI table info" (AI table name), matched like the name itself. */
  aliases?: string[];
  columns: CatalogColumn[];
  foreignKeys?: CatalogForeignKey[];
}

export interface Catalog {
  tables: CatalogTable[];
}
