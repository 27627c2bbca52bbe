/** The All views tab's definition column. */
/** One line of the definition, at most `max` characters (the whole text opens in its own tab). */
export function definitionPreview(definition: string | null | undefined, max = 120): string {
  // The body after "CREATE VIEW name AS" is what tells views apart (SQLite and MariaDB return the whole statement).
  const flat = (definition ?? '').replace(/\s+/g, ' ').trim().replace(/^create\s+(or\s+replace\s+)?(\S+\s+)*?view\s+\S+(\s*\([^)]*\))?\s+as\s+/i, '');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
