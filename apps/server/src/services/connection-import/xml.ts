/** A small element tree from XML text (saxes; no DTDs, no external entities). Connection files are small. */
import { SaxesParser } from 'saxes';
import { ConnectionFileError } from './types.js';

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export function parseXml(text: string): XmlElement {
  const parser = new SaxesParser({ xmlns: false });
  const root: XmlElement = { name: '#root', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  let error: Error | null = null;
  parser.on('error', (e) => { error ??= e; });
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) attrs[k] = typeof v === 'string' ? v : (v as { value: string }).value;
    const el: XmlElement = { name: tag.name, attrs, children: [], text: '' };
    stack[stack.length - 1]!.children.push(el);
    stack.push(el);
  });
  parser.on('text', (t) => { stack[stack.length - 1]!.text += t; });
  parser.on('cdata', (t) => { stack[stack.length - 1]!.text += t; });
  parser.on('closetag', () => { stack.pop(); });
  try {
    parser.write(text.replace(/^\uFEFF/, '')).close();
  } catch (e) {
    error ??= e as Error;
  }
  if (error) throw new ConnectionFileError(`invalid XML (${(error as Error).message.split('\n')[0]})`);
  return root;
}

export function* walk(el: XmlElement): Generator<XmlElement> {
  yield el;
  for (const c of el.children) yield* walk(c);
}

export const child = (el: XmlElement, name: string) => el.children.find((c) => c.name === name);
export const childText = (el: XmlElement, name: string) => child(el, name)?.text.trim() || undefined;
