/**
 * One route's measured phase turned into findings: each waterfall, loop and blocking call the
 * rules reported, with the time it cost per request, and what the rules missed (waits that
 * could have overlapped, blocks of the main thread over 10 ms).
 */
import { waitInstances } from './waits.js';
import { BLOCK_MS, findBlocks } from './blocks.js';

/**
 * A finding as `.unblock/observed.json` holds it (the format is the plugin's observed-schema.js).
 * @typedef {import('eslint-plugin-unblock/tooling').ObservedFinding} Finding
 */

/**
 * @typedef {{ waits: Float64Array, blocks: Float64Array, requestStarts: Float64Array, requests: number, hrOffsetUs: number, profile: import('../instrument/profiler.js').CpuProfile | null }} Phase
 */

/**
 * @param {{ route: string, phase: Phase, plan: import('../instrument/plan.js').Plan, facts: import('../instrument/static-facts.js').FileFacts[], names: string[],
 *   resolveFrame: import('./blocks.js').ResolveFrame }} input
 * @returns {Finding[]}
 */
export function summarizeRoute({ route, phase, plan, facts, names, resolveFrame }) {
  const requests = Math.max(1, phase.requests);
  /** @type {Map<string, { base: Omit<Finding, 'perRequestMs' | 'runs' | 'medianMs' | 'waitsMs'>, costs: number[], parts: number[][] }>} */
  const rows = new Map();
  /** @param {string} key @param {() => Omit<Finding, 'perRequestMs' | 'runs' | 'medianMs' | 'waitsMs'>} base @param {number} cost @param {number[]} [parts] */
  const add = (key, base, cost, parts = []) => {
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { base: base(), costs: [], parts: [] }));
    row.costs.push(cost);
    row.parts.push(parts);
  };

  for (const instance of waitInstances(phase.waits, plan.awaitSites, facts)) {
    const d = instance.diagnostic;
    const key = d ? `${instance.file}:${d.line}:${d.column}:${d.ruleId}` : `${instance.file}:${instance.sites.join(',')}`;
    add(key, () => (d ? reported(instance.kind, names[instance.file], d, route) : missedWaits(instance, facts, names, route)), instance.lossMs, instance.waitsMs);
  }

  /** @type {Array<[number, number]>} */
  const timed = [];
  for (let i = 0; i + 3 < phase.blocks.length; i += 4) {
    const site = plan.blockingSites.get(phase.blocks[i]);
    if (!site) continue;
    const [start, end, cpu] = [phase.blocks[i + 1], phase.blocks[i + 2], phase.blocks[i + 3]];
    timed.push([start * 1000 + phase.hrOffsetUs, end * 1000 + phase.hrOffsetUs]);
    const d = site.diagnostic;
    add(`${site.file}:${d.line}:${d.column}:${d.ruleId}`, () => reported('blocking', names[site.file], d, route), end - start, [cpu]);
  }

  const arrivals = [...phase.requestStarts].map((ms) => ms * 1000 + phase.hrOffsetUs);
  for (const block of phase.profile ? findBlocks(phase.profile, timed, resolveFrame, arrivals) : []) {
    add(`block:${block.file}:${block.line}`, () => ({
      kind: 'blocking',
      file: names[block.file],
      line: block.line,
      endLine: block.line,
      route,
      rule: null,
      message: `${block.name} held the main thread for more than ${BLOCK_MS} ms at a time, in code no rule reports`,
      stack: block.stack,
    }), block.durationMs);
  }

  return [...rows.values()].map(({ base, costs, parts }) => ({
    ...base,
    perRequestMs: round(costs.reduce((a, b) => a + b, 0) / requests),
    runs: costs.length,
    medianMs: round(median(costs)),
    ...(base.kind !== 'blocking' ? { waitsMs: medianParts(parts) } : base.rule ? { cpuMs: medianParts(parts)[0] } : {}),
  }));
}

/**
 * @param {Finding['kind']} kind
 * @param {string} file
 * @param {import('../instrument/static-facts.js').Diagnostic} d
 * @param {string} route
 */
function reported(kind, file, d, route) {
  return { kind, file, line: d.line, endLine: d.endLine, route, rule: d.ruleId, message: d.message };
}

/**
 * A group of waits the rules did not report.
 * @param {import('./waits.js').Instance} instance
 * @param {import('../instrument/static-facts.js').FileFacts[]} facts
 * @param {string[]} names
 * @param {string} route
 */
function missedWaits(instance, facts, names, route) {
  const sites = facts[instance.file].awaits.sites;
  const lines = instance.indexes.map((index) => sites[index]?.line ?? 0);
  const why = instance.soft
    ? 'no value flows between them; the rules stayed silent because they could not tell what the calls do (no body or name to read)'
    : 'no value flows between them and none is a barrier, but no rule reported them';
  return {
    kind: instance.kind,
    file: names[instance.file],
    line: Math.min(...lines),
    endLine: Math.max(...lines),
    route,
    rule: null,
    message: `${instance.sites.length} awaits (lines ${lines.join(', ')}) waited one after another though ${why}`,
  };
}

/** @param {number[]} values */
function median(values) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The median of each position, over the runs with the most common number of parts.
 * @param {number[][]} parts
 */
function medianParts(parts) {
  /** @type {Map<number, number>} */
  const lengths = new Map();
  for (const p of parts) lengths.set(p.length, (lengths.get(p.length) ?? 0) + 1);
  const common = [...lengths].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? 0;
  const same = parts.filter((p) => p.length === common);
  return Array.from({ length: common }, (_, i) => round(median(same.map((p) => p[i]))));
}

/** @param {number} ms */
function round(ms) {
  return Math.round(ms * 100) / 100;
}
