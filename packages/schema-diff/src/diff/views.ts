/** Which names a view's SELECT mentions, and an order to create views in. */
import type { ViewModel } from '../model.js';

const TOKEN = /'(?:[^']|'')*'|"((?:[^"]|"")*)"|`((?:[^`]|``)*)`|\[([^\]]*)\]|([A-Za-z_\u0080-\uffff][\w$\u0080-\uffff]*)/g;

/** Identifiers in a SQL text: quoted ones exactly, bare ones also lower-cased. */
export function identifiersOf(sql: string): Set<string> {
  const out = new Set<string>();
  for (const m of sql.matchAll(TOKEN)) {
    const quoted = m[1]?.replace(/""/g, '"') ?? m[2]?.replace(/``/g, '`') ?? m[3];
    if (quoted !== undefined) out.add(quoted);
    else if (m[4]) {
      out.add(m[4]);
      out.add(m[4].toLowerCase());
      out.add(m[4].toUpperCase());
    }
  }
  return out;
}

export function mentions(view: ViewModel, name: string): boolean {
  return identifiersOf(view.definition).has(name);
}

/** Views ordered so that each comes after the views it mentions. */
export function creationOrder(views: ViewModel[]): ViewModel[] {
  const done = new Set<string>();
  const out: ViewModel[] = [];
  const visiting = new Set<string>();
  const visit = (v: ViewModel) => {
    if (done.has(v.name) || visiting.has(v.name)) return;
    visiting.add(v.name);
    const ids = identifiersOf(v.definition);
    for (const w of views) if (w !== v && ids.has(w.name)) visit(w);
    visiting.delete(v.name);
    done.add(v.name);
    out.push(v);
  };
  for (const v of views) visit(v);
  return out;
}

/** Views that mention any of `names`, directly or through other views in `all`. */
export function dependentViews(all: ViewModel[], names: Set<string>): ViewModel[] {
  const hit = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const v of all) {
      if (hit.has(v.name)) continue;
      const ids = identifiersOf(v.definition);
      if ([...names, ...hit].some((n) => ids.has(n))) {
        hit.add(v.name);
        grew = true;
      }
    }
  }
  return all.filter((v) => hit.has(v.name));
}
