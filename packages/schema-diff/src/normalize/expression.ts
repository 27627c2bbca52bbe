/**
 * SQL expression text (defaults, check constraints, index predicates, view bodies) in a form that
 * compares equal when only spelling differs: whitespace, keyword case, redundant outer parentheses.
 * The original text is kept for DDL; these keys are for comparison only.
 */
import { matchingParen, skipQuoted } from './type-text.js';

/** Remove parentheses that wrap the whole expression, repeatedly: `((0))` → `0`. */
export function stripOuterParens(text: string): string {
  let t = text.trim();
  while (t.startsWith('(') && matchingParen(t, 0) === t.length - 1) t = t.slice(1, -1).trim();
  return t;
}

/**
 * Comparison key: outside string literals, lower-cased with whitespace removed around punctuation
 * and collapsed elsewhere; every balanced parenthesis pair kept, outer ones removed.
 * Double-quoted and back-quoted identifiers lose their quotes when they are plain lower-case names.
 */
export function expressionKey(text: string | null | undefined): string {
  if (text == null) return '';
  const t = stripOuterParens(text);
  let out = '';
  for (let i = 0; i < t.length; i++) {
    const ch = t[i]!;
    if (ch === "'") {
      const end = skipQuoted(t, i);
      out += t.slice(i, end + 1);
      i = end;
      continue;
    }
    if (ch === '"' || ch === '`' || ch === '[') {
      const end = ch === '[' ? t.indexOf(']', i) : skipQuoted(t, i);
      const inner = t.slice(i + 1, end < 0 ? t.length : end);
      out += /^[a-z_][a-z0-9_$]*$/.test(inner) ? inner : `"${inner}"`;
      i = end < 0 ? t.length : end;
      continue;
    }
    if (/\s/.test(ch)) {
      if (out && !/[\s(,.=<>+\-*/|]$/.test(out) && i + 1 < t.length && !/[\s),.=<>+\-*/|]/.test(t[i + 1]!)) out += ' ';
      continue;
    }
    out += ch.toLowerCase();
  }
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * Remove qualifiers naming `qualifier` (the object's own schema or database) outside string
 * literals: `"s1".t`, `s1.t` and `` `db`.`t` `` become `t` / `` `t` ``.
 */
export function stripQualifier(text: string, qualifier: string | null | undefined): string {
  if (!qualifier) return text;
  const forms = qualifierForms(qualifier);
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "'") {
      const end = skipQuoted(text, i);
      out += text.slice(i, end + 1);
      i = end;
      continue;
    }
    const prevIsWord = i > 0 && /[\w$."`\]]/.test(text[i - 1]!);
    const form = prevIsWord ? undefined : forms.find((f) => text.startsWith(f + '.', i));
    if (form) {
      i += form.length; // now at the dot, which the loop steps over
      continue;
    }
    out += text[i];
  }
  return out;
}

function qualifierForms(q: string): string[] {
  const forms = [`"${q.replace(/"/g, '""')}"`, '`' + q.replace(/`/g, '``') + '`', `[${q}]`];
  if (/^[A-Za-z_][\w$]*$/.test(q)) forms.push(q);
  return forms;
}

/** Collapse whitespace outside string literals and drop a trailing semicolon (view bodies). */
export function tidySql(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "'" || ch === '"' || ch === '`') {
      const end = skipQuoted(text, i);
      out += text.slice(i, end + 1);
      i = end;
      continue;
    }
    if (/\s/.test(ch)) {
      if (!out.endsWith(' ')) out += ' ';
      continue;
    }
    out += ch;
  }
  return out.trim().replace(/;\s*$/, '').trim();
}
