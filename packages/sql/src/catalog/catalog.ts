/**
 * The schema a statement is checked and completed against. Structurally compatible with the
 * drivers' `Catalog` (packages/drivers/src/driver.ts), which is assignable to it; defined here
 * because packages/drivers depends on packages/sql, not the other way round.
 */
export interface CatalogColumn {
  name: string;
  /** Native type, e.g. varchar(20). */
  columnType?: string | null;
  /** The spec's column type, e.g. STRING. */
  dataType?: string | null;
  comment?: string | null;
  nullable?: boolean;
  primaryKey?: boolean;
  defaultValue?: string | null;
}

export interface CatalogKey {
  name?: string;
  type: string;
  columns: string[];
  referencedTable?: string | null;
  referencedSchema?: string | null;
  referencedColumns?: string[];
}

export interface CatalogTable {
  name: string;
  comment?: string | null;
  columns: CatalogColumn[];
  keys?: CatalogKey[];
  /** CREATE statement, when the caller has it (hover). */
  ddl?: string | null;
}

export interface CatalogView {
  name: string;
  comment?: string | null;
  columns?: CatalogColumn[];
  definition?: string | null;
  ddl?: string | null;
}

export interface CatalogRoutine {
  name: string;
  parameters?: { parameterName: string; parameterType: string }[];
  returnType?: string | null;
  comment?: string | null;
}

export interface SchemaCatalog {
  databaseName?: string | null;
  schemaName?: string | null;
  tables: CatalogTable[];
  views?: CatalogView[];
  functions?: CatalogRoutine[];
  procedures?: CatalogRoutine[];
}
