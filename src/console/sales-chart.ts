import { html } from 'hono/html';
import type { Html } from './layout.js';

// A horizontal bar chart as inline SVG (no library): one bar per row, labelled with its value.

export interface Bar {
  label: string;
  value: number;
}

const WIDTH = 720;
const LABEL = 190;
const ROW = 26;

export function barChart(title: string, bars: readonly Bar[], unit: (value: number) => string): Html {
  const max = Math.max(1, ...bars.map((b) => Math.abs(b.value)));
  const room = WIDTH - LABEL - 90;
  const height = Math.max(1, bars.length) * ROW + 10;
  return html`<svg class="chart" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="chart-title"
xmlns="http://www.w3.org/2000/svg">
<title id="chart-title">${title}</title>
${bars.map((b, i) => {
  const y = 5 + i * ROW;
  const w = Math.max(1, (Math.abs(b.value) / max) * room);
  return html`<g><text x="${LABEL - 8}" y="${y + 17}" text-anchor="end">${clip(b.label)}</text>
<rect x="${LABEL}" y="${y + 4}" width="${w.toFixed(1)}" height="${ROW - 8}" rx="2"></rect>
<text x="${(LABEL + w + 6).toFixed(1)}" y="${y + 17}">${unit(b.value)}</text></g>`;
})}
</svg>`;
}

const clip = (text: string) => (text.length > 26 ? `${text.slice(0, 25)}…` : text);
