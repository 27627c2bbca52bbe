/**
 * Word-cloud layout (echarts-wordcloud 2.1 peers ECharts 5 and npm refuses it beside our ECharts 6):
 * words by weight, biggest first, each placed on an Archimedean spiral from the centre at the first
 * spot where its box overlaps no placed word. Text widths are estimated (CJK one em, others 0.6 em).
 * Pure; positions are in a virtual width × height box the option maps onto hidden axes.
 */
export interface Word {
  text: string;
  weight: number;
}
export interface PlacedWord extends Word {
  x: number;
  y: number;
  fontSize: number;
}

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

export function textWidth(text: string, fontSize: number): number {
  let w = 0;
  for (const ch of text) w += WIDE.test(ch) ? fontSize : fontSize * 0.6;
  return w;
}

export function layoutWords(words: Word[], opts: { width: number; height: number; minFont: number; maxFont: number; max?: number }): PlacedWord[] {
  const list = words.filter((w) => w.text && Number.isFinite(w.weight)).sort((a, b) => b.weight - a.weight).slice(0, opts.max ?? 150);
  if (!list.length) return [];
  const hi = list[0]!.weight;
  const lo = list[list.length - 1]!.weight;
  const boxes: { x0: number; y0: number; x1: number; y1: number }[] = [];
  const out: PlacedWord[] = [];
  const cx = opts.width / 2;
  const cy = opts.height / 2;
  for (const w of list) {
    const t = hi === lo ? 1 : (w.weight - lo) / (hi - lo);
    const fontSize = Math.round(opts.minFont + t * (opts.maxFont - opts.minFont));
    const bw = textWidth(w.text, fontSize) + 2;
    const bh = fontSize * 1.1;
    for (let step = 0; step < 2000; step++) {
      const angle = step * 0.35;
      const r = 1.5 * angle;
      const x = cx + r * Math.cos(angle) * (opts.width / opts.height);
      const y = cy + r * Math.sin(angle);
      const box = { x0: x - bw / 2, y0: y - bh / 2, x1: x + bw / 2, y1: y + bh / 2 };
      if (box.x0 < 0 || box.y0 < 0 || box.x1 > opts.width || box.y1 > opts.height) {
        if (r > Math.max(opts.width, opts.height)) break;
        continue;
      }
      if (boxes.some((b) => box.x0 < b.x1 && b.x0 < box.x1 && box.y0 < b.y1 && b.y0 < box.y1)) continue;
      boxes.push(box);
      out.push({ ...w, x, y, fontSize });
      break;
    }
  }
  return out;
}
