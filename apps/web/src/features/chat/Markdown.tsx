/** Renders the markdown tree of markdown.ts as React elements: model output never becomes HTML. */
import { Fragment, useMemo, type ReactNode } from 'react';
import type { DatabaseType } from '@askdb/contracts';
import { isSqlBlock, parseMarkdown, type Block, type Inline } from './markdown.js';
import { SqlBlock, type SqlWarning } from './SqlBlock.js';

export interface MarkdownProps {
  text: string;
  streaming?: boolean;
  databaseType?: DatabaseType;
  /** Warnings for the n-th SQL block (in order of appearance). */
  warningsFor?: (index: number, sql: string) => SqlWarning[];
}

export function Markdown({ text, streaming = false, databaseType, warningsFor }: MarkdownProps) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  let sqlIndex = 0;
  const renderBlocks = (bs: Block[]): ReactNode[] =>
    bs.map((b, i) => {
      switch (b.type) {
        case 'heading': {
          const H = `h${Math.min(6, b.level + 2)}` as 'h3';
          return <H key={i}>{renderInline(b.children)}</H>;
        }
        case 'paragraph':
          return <p key={i}>{renderInline(b.children)}</p>;
        case 'code':
          if (isSqlBlock(b.lang, b.text)) {
            const n = sqlIndex++;
            return <SqlBlock key={i} sql={b.text} lang={b.lang} streaming={streaming && !b.closed} databaseType={databaseType} warnings={warningsFor?.(n, b.text)} />;
          }
          return (
            <pre key={i} className="askdb-chat-code">
              <code>{b.text}</code>
            </pre>
          );
        case 'list': {
          const items = b.items.map((it, k) => <li key={k}>{renderBlocks(it)}</li>);
          return b.ordered ? <ol key={i} start={b.start}>{items}</ol> : <ul key={i}>{items}</ul>;
        }
        case 'quote':
          return <blockquote key={i}>{renderBlocks(b.children)}</blockquote>;
        case 'table':
          return (
            <div key={i} className="askdb-chat-table-wrap">
              <table className="askdb-chat-table">
                <thead>
                  <tr>{b.header.map((c, k) => <th key={k} style={{ textAlign: b.align[k] ?? undefined }}>{renderInline(c)}</th>)}</tr>
                </thead>
                <tbody>
                  {b.rows.map((r, k) => (
                    <tr key={k}>{r.map((c, j) => <td key={j} style={{ textAlign: b.align[j] ?? undefined }}>{renderInline(c)}</td>)}</tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        case 'hr':
          return <hr key={i} />;
      }
    });
  return <div className="askdb-chat-md">{renderBlocks(blocks)}</div>;
}

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.type) {
      case 'text':
        return <Fragment key={i}>{n.text}</Fragment>;
      case 'code':
        return <code key={i} className="askdb-chat-inline-code">{n.text}</code>;
      case 'strong':
        return <strong key={i}>{renderInline(n.children)}</strong>;
      case 'em':
        return <em key={i}>{renderInline(n.children)}</em>;
      case 'del':
        return <del key={i}>{renderInline(n.children)}</del>;
      case 'link':
        return (
          <a key={i} href={n.href} target="_blank" rel="noopener noreferrer nofollow">
            {renderInline(n.children)}
          </a>
        );
      case 'br':
        return <br key={i} />;
    }
  });
}
