/**
 * The macro benchmark's chart, as a small hand-written SVG (no dependency): two panels
 * against the message rate (log scale), main-thread busy % per tab and p95 send-to-screen
 * latency, one line per series (product and baseline, 1 and 4 tabs).
 */
export interface ChartSeries {
  readonly label: string;
  readonly colour: string;
  readonly dashed: boolean;
  /** [rate, busy %, p95 latency ms] */
  readonly points: readonly (readonly [number, number, number])[];
}

const W = 960;
const H = 400;
const PANEL_W = 380;
const PANEL_H = 260;
const TOP = 50;
const LEFT = [70, 530];

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(value));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= value) return m * p;
  return 10 * p;
}

export function macroChart(series: readonly ChartSeries[], rates: readonly number[], title: string): string {
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="${W}" height="${H}" fill="white"/>`);
  out.push(`<text x="${W / 2}" y="20" text-anchor="middle" font-size="14">${esc(title)}</text>`);
  const sorted = [...rates].sort((a, b) => a - b);
  const lo = Math.log10(sorted[0] ?? 1);
  const hi = Math.log10(sorted.at(-1) ?? 10);
  const x = (left: number, rate: number): number => left + (hi === lo ? PANEL_W / 2 : ((Math.log10(rate) - lo) / (hi - lo)) * PANEL_W);
  const panels = [
    { name: 'main-thread busy, % per tab (mean of the tabs)', pick: 1 as const },
    { name: 'p95 send-to-screen latency, ms (worst tab)', pick: 2 as const },
  ];
  panels.forEach((panel, pi) => {
    const left = LEFT[pi]!;
    const values = series.flatMap((s) => s.points.map((p) => p[panel.pick])).filter(Number.isFinite);
    const max = niceMax(Math.max(0, ...values));
    const y = (v: number): number => TOP + PANEL_H - (Math.min(v, max) / max) * PANEL_H;
    out.push(`<text x="${left + PANEL_W / 2}" y="${TOP - 12}" text-anchor="middle">${esc(panel.name)}</text>`);
    out.push(`<rect x="${left}" y="${TOP}" width="${PANEL_W}" height="${PANEL_H}" fill="none" stroke="#999"/>`);
    for (let i = 0; i <= 4; i++) {
      const v = (max * i) / 4;
      out.push(`<line x1="${left}" x2="${left + PANEL_W}" y1="${y(v)}" y2="${y(v)}" stroke="#eee"/>`);
      out.push(`<text x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${Number(v.toPrecision(3))}</text>`);
    }
    for (const rate of sorted) {
      out.push(`<text x="${x(left, rate)}" y="${TOP + PANEL_H + 16}" text-anchor="middle">${rate.toLocaleString('en-US')}</text>`);
    }
    out.push(`<text x="${left + PANEL_W / 2}" y="${TOP + PANEL_H + 34}" text-anchor="middle">messages / s</text>`);
    for (const s of series) {
      const pts = s.points.filter((p) => Number.isFinite(p[panel.pick])).map((p) => `${x(left, p[0]).toFixed(1)},${y(p[panel.pick]).toFixed(1)}`);
      if (pts.length === 0) continue;
      out.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="${s.colour}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6 4"' : ''}/>`);
      for (const p of pts) out.push(`<circle cx="${p.split(',')[0]}" cy="${p.split(',')[1]}" r="3" fill="${s.colour}"/>`);
    }
  });
  series.forEach((s, i) => {
    const lx = 70 + (i % 4) * 210;
    const ly = H - 24 + Math.floor(i / 4) * 16;
    out.push(`<line x1="${lx}" x2="${lx + 24}" y1="${ly - 4}" y2="${ly - 4}" stroke="${s.colour}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6 4"' : ''}/>`);
    out.push(`<text x="${lx + 30}" y="${ly}">${esc(s.label)}</text>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
