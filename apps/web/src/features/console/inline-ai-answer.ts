/** The SQL of the inline AI's answer (issue 25 point 5): its SQL code blocks, else the whole answer when it reads as SQL. */
import { parseMarkdown, sqlBlocks } from '../chat/markdown';

export function sqlOfAnswer(answer: string): string | null {
  const blocks = [...new Set(sqlBlocks(parseMarkdown(answer)).map((b) => b.trim()))].filter(Boolean);
  if (blocks.length) return blocks.join('\n\n');
  const text = answer.trim();
  return /^(with|select|insert|update|delete|create|alter|drop|explain|merge|truncate|show|describe)\b/i.test(text) ? text : null;
}
