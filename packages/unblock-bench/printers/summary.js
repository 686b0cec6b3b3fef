import { machineLine, ms, percent, ratio, rps, table } from './format.js';
import { idealExplanation, levelHeadline, noisyReason } from './caveats.js';

/**
 * One table for many fixtures (`npm run bench`): a row per fixture, thread-pool size and
 * connection level. Failed fixtures and fixtures with nothing to fix get a row saying so.
 * Pure: results in, text out.
 * @param {Array<{ fixture: string, result?: any, error?: { message: string } }>} entries
 * @param {{ markdown?: boolean }} [options]
 * @returns {string}
 */
export function formatSummary(entries, options = {}) {
  const { machine, headers, rows } = summaryRows(entries);
  const head = machine ? `machine: ${machineLine(machine)}\n` : '';
  return `${head}${table(headers, rows, options)}\n`;
}

/**
 * The summary's cells, shared by the text and the HTML printer, and per row why its numbers are
 * noisy (null when they are not): the HTML marks those rows.
 * @param {Array<{ fixture: string, result?: any, error?: { message: string } }>} entries
 * @returns {{ machine: any, headers: string[], rows: string[][], noisy: Array<string | null> }}
 */
export function summaryRows(entries) {
  const machine = entries.find((e) => e.result)?.result.machine;
  const headers = ['fixture', 'pool', 'conns', 'req/s before → after', 'after vs before', 'p50 ms', 'p99 ms', 'event loop p99 ms', 'bystander p50 ms', 'ideal (reached)', 'bound after fix', 'wall s'];
  /** @type {string[][]} */
  const rows = [];
  /** @type {Array<string | null>} */
  const noisy = [];
  for (const entry of entries) {
    const result = entry.result;
    if (!result) {
      rows.push([entry.fixture, '', '', `error: ${entry.error?.message ?? 'unknown'}`]);
      noisy.push(null);
      continue;
    }
    if (result.status === 'nothing-to-fix') {
      const text = result.expected ? 'nothing to fix, as expected (negative control)' : 'not measured: nothing to fix';
      rows.push([result.fixture.name, '', '', text, '', '', '', '', '', '', '', result.wallSeconds.toFixed(1)]);
      noisy.push(null);
      continue;
    }
    let first = true;
    for (const run of result.runs) {
      for (const level of run.levels) {
        const { before: b, after: a, ideal } = level;
        rows.push([
          first ? `${result.fixture.name}${result.mode === 'aa' ? ' (A/A)' : ''}` : '',
          String(run.threadpoolSize),
          String(level.connections),
          `${rps(b.rps?.median)} → ${rps(a.rps?.median)}`,
          // A route the fix made slower comes before the overall gain.
          levelHeadline(level, result),
          `${ms(b.latency.p50)} → ${ms(a.latency.p50)}`,
          `${ms(b.latency.p99)} → ${ms(a.latency.p99)}`,
          `${ms(b.eventLoop.p99)} → ${ms(a.eventLoop.p99)}`,
          `${ms(b.bystander.p50)} → ${ms(a.bystander.p50)}`,
          ideal.gain === null ? 'n/a' : `${ratio(ideal.gain)} (${ideal.reached === null ? 'no gain expected' : percent(ideal.reached)}${idealExplanation(level) ? '; measured more, see the report' : ''})`,
          shortBound(a.bound) + (result.host?.noisy ? ' [noisy host]' : level.noisySlices ? ' [noisy]' : ''),
          first ? result.wallSeconds.toFixed(1) : '',
        ]);
        noisy.push(result.host?.noisy ? `noisy host: ${result.host.text}` : noisyReason(level));
        first = false;
      }
    }
  }
  return { machine, headers, rows, noisy };
}

/** @param {string} bound */
function shortBound(bound) {
  return bound.replace(/ \(.*\)$/, '');
}
