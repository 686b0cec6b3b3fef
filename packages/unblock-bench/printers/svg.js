/**
 * Two tiny inline-SVG chart builders for the HTML report: no library, no script, no network at
 * view time, and output that is plain text (easy to test). Pure functions.
 */

export const COLORS = { before: '#c2410c', after: '#1d4ed8' };

/** @param {string} text */
export function escapeXml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/**
 * @typedef {{ name: string, color: string, points: Array<[number, number]> }} Series
 */

/**
 * A line chart; x may be logarithmic (latencies).
 * @param {{ title: string, series: Series[], xLabel: string, yLabel: string, xLog?: boolean, yMax?: number, xTicks?: number[], width?: number, height?: number }} spec
 */
export function lineChart(spec) {
  const width = spec.width ?? 460;
  const height = spec.height ?? 240;
  const m = { left: 52, right: 12, top: 44, bottom: 40 };
  const all = spec.series.flatMap((s) => s.points);
  if (all.length === 0) return emptyChart(spec.title, width, height);
  const tx = (/** @type {number} */ x) => (spec.xLog ? Math.log10(Math.max(x, 1e-3)) : x);
  let x0 = Math.min(...all.map((p) => tx(p[0])));
  let x1 = Math.max(...all.map((p) => tx(p[0])));
  if (x1 === x0) x1 = x0 + 1;
  if (spec.xLog) {
    x0 = Math.floor(x0);
    x1 = Math.ceil(x1);
  }
  const yTicks = spec.yMax !== undefined ? niceTicks(0, spec.yMax).filter((y) => y <= spec.yMax) : niceTicks(0, Math.max(...all.map((p) => p[1])));
  const y1 = spec.yMax ?? yTicks[yTicks.length - 1];
  const sx = (/** @type {number} */ x) => m.left + ((tx(x) - x0) / (x1 - x0)) * (width - m.left - m.right);
  const sy = (/** @type {number} */ y) => height - m.bottom - (y / y1) * (height - m.top - m.bottom);
  const parts = [frame(spec.title, width, height, m, spec.xLabel, spec.yLabel)];
  parts.push(...gridLines(yTicks, sy, m, width));
  const xTicks = spec.xTicks ?? (spec.xLog ? range(x0, x1).map((e) => 10 ** e) : niceTicks(x0, x1).filter((x) => x >= x0 && x <= x1));
  for (const x of xTicks) {
    parts.push(`<text x="${sx(x)}" y="${height - m.bottom + 14}" text-anchor="middle" font-size="10">${fmt(x)}</text>`);
  }
  spec.series.forEach((s, i) => {
    const d = s.points.map((p, j) => `${j === 0 ? 'M' : 'L'}${sx(p[0]).toFixed(1)},${sy(p[1]).toFixed(1)}`).join(' ');
    parts.push(`<path d="${d}" fill="none" stroke="${s.color}" stroke-width="2"/>`);
    for (const p of s.points.length <= 20 ? s.points : []) parts.push(`<circle cx="${sx(p[0]).toFixed(1)}" cy="${sy(p[1]).toFixed(1)}" r="3" fill="${s.color}"/>`);
    parts.push(legend(s.name, s.color, m.left + i * 80, 24));
  });
  parts.push('</svg>');
  return parts.join('');
}

/**
 * Grouped bars (for example p50 and p99, before and after).
 * @param {{ title: string, yLabel: string, groups: Array<{ label: string, bars: Array<{ name: string, color: string, value: number | null }> }>, width?: number, height?: number }} spec
 */
export function barChart(spec) {
  const width = spec.width ?? 460;
  const height = spec.height ?? 240;
  const m = { left: 52, right: 12, top: 44, bottom: 40 };
  const values = spec.groups.flatMap((g) => g.bars.map((b) => b.value ?? 0));
  if (values.length === 0) return emptyChart(spec.title, width, height);
  const yTicks = niceTicks(0, Math.max(...values));
  const y1 = yTicks[yTicks.length - 1];
  const sy = (/** @type {number} */ y) => height - m.bottom - (y / y1) * (height - m.top - m.bottom);
  const groupWidth = (width - m.left - m.right) / spec.groups.length;
  const parts = [frame(spec.title, width, height, m, '', spec.yLabel)];
  parts.push(...gridLines(yTicks, sy, m, width));
  spec.groups.forEach((g, gi) => {
    const barWidth = (groupWidth * 0.7) / g.bars.length;
    const gx = m.left + gi * groupWidth + groupWidth * 0.15;
    g.bars.forEach((b, bi) => {
      const x = gx + bi * barWidth;
      const v = b.value ?? 0;
      parts.push(`<rect x="${x.toFixed(1)}" y="${sy(v).toFixed(1)}" width="${(barWidth - 2).toFixed(1)}" height="${(sy(0) - sy(v)).toFixed(1)}" fill="${b.color}"><title>${escapeXml(`${b.name}: ${b.value === null ? 'n/a' : fmt(v)}`)}</title></rect>`);
      parts.push(`<text x="${(x + barWidth / 2).toFixed(1)}" y="${(sy(v) - 3).toFixed(1)}" text-anchor="middle" font-size="9">${b.value === null ? 'n/a' : fmt(v)}</text>`);
    });
    parts.push(`<text x="${(gx + groupWidth * 0.35).toFixed(1)}" y="${height - m.bottom + 14}" text-anchor="middle" font-size="10">${escapeXml(g.label)}</text>`);
  });
  const names = [...new Map(spec.groups.flatMap((g) => g.bars.map((b) => [b.name, b.color]))).entries()];
  names.forEach(([name, color], i) => parts.push(legend(name, color, m.left + i * 80, 24)));
  parts.push('</svg>');
  return parts.join('');
}

/**
 * @param {string} title
 * @param {number} width
 * @param {number} height
 * @param {{ left: number, right: number, top: number, bottom: number }} m
 * @param {string} xLabel
 * @param {string} yLabel
 */
function frame(title, width, height, m, xLabel, yLabel) {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="system-ui, sans-serif" role="img" aria-label="${escapeXml(title)}">`,
    `<text x="${width / 2}" y="16" text-anchor="middle" font-size="13" font-weight="600">${escapeXml(title)}</text>`,
    `<line x1="${m.left}" x2="${m.left}" y1="${m.top}" y2="${height - m.bottom}" stroke="#6b7280"/>`,
    `<line x1="${m.left}" x2="${width - m.right}" y1="${height - m.bottom}" y2="${height - m.bottom}" stroke="#6b7280"/>`,
    `<text x="${(m.left + width - m.right) / 2}" y="${height - 8}" text-anchor="middle" font-size="11">${escapeXml(xLabel)}</text>`,
    `<text x="12" y="${(m.top + height - m.bottom) / 2}" text-anchor="middle" font-size="11" transform="rotate(-90 12 ${(m.top + height - m.bottom) / 2})">${escapeXml(yLabel)}</text>`,
  ].join('');
}

/**
 * @param {string} name
 * @param {string} color
 * @param {number} x
 * @param {number} y
 */
function legend(name, color, x, y) {
  return `<rect x="${x}" y="${y}" width="10" height="10" fill="${color}"/><text x="${x + 14}" y="${y + 9}" font-size="10">${escapeXml(name)}</text>`;
}

/**
 * @param {string} title
 * @param {number} width
 * @param {number} height
 */
function emptyChart(title, width, height) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><text x="${width / 2}" y="${height / 2}" text-anchor="middle">${escapeXml(title)}: no data</text></svg>`;
}

/**
 * Axis ticks a person reads at a glance: steps of 1, 2 or 5 times a power of ten (0, 0.5, 1, 1.5
 * rather than 0, 0.38, 0.75, 1.1), from the step at or below `min` to the first at or above `max`,
 * with at most `most` steps.
 * @param {number} min
 * @param {number} max
 * @param {number} [most]
 * @returns {number[]}
 */
export function niceTicks(min, max, most = 5) {
  const span = max > min ? max - min : Math.abs(max) || 1;
  const power = 10 ** Math.floor(Math.log10(span / most));
  const step = [1, 2, 5, 10].map((f) => f * power).find((s) => span / s <= most) ?? 10 * power;
  const first = Math.floor(min / step) * step;
  const ticks = [first];
  while (ticks.length < 2 || ticks[ticks.length - 1] < max - step * 1e-9) ticks.push(Number((ticks[ticks.length - 1] + step).toPrecision(12)));
  return ticks;
}

/**
 * Horizontal grid lines with their labels.
 * @param {number[]} ticks
 * @param {(y: number) => number} sy
 * @param {{ left: number, right: number }} m
 * @param {number} width
 */
function gridLines(ticks, sy, m, width) {
  return ticks.flatMap((y) => [
    `<line x1="${m.left}" x2="${width - m.right}" y1="${sy(y)}" y2="${sy(y)}" stroke="#e5e7eb"/>`,
    `<text x="${m.left - 6}" y="${sy(y) + 4}" text-anchor="end" font-size="10">${fmt(y)}</text>`,
  ]);
}

/** @param {number} x */
function fmt(x) {
  if (x === 0) return '0';
  if (Math.abs(x) >= 100) return x.toFixed(0);
  if (Math.abs(x) >= 1) return Number(x.toFixed(1)).toString();
  return Number(x.toPrecision(2)).toString();
}

/**
 * @param {number} a
 * @param {number} b
 */
function range(a, b) {
  const out = [];
  for (let i = a; i <= b; i += 1) out.push(i);
  return out;
}
