#!/usr/bin/env node
/**
 * What `unblock-bench observe`'s instrumentation costs: the same fixture served twice, as it is
 * and as observe runs it (instrumented files, recorder, CPU profiler on), each route loaded in
 * alternating slices (A B B A …) so that the machine's other load falls on both alike. Prints,
 * per route, the median server CPU time per request (what the instrumentation costs, and the
 * figure that stays put on a machine other people load too), requests per second and median
 * latency of both, and how they differ.
 *
 *   node scripts/observe-overhead.js fixtures/express-app [--rounds 5] [--duration 2] [--connections 1] [--no-profiler]
 *
 * --no-profiler leaves the CPU profiler off, to tell its cost from the instrumentation's.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './bench-lint/median.js';
import { loadFixture } from '../packages/unblock-bench/fixture/fixture.js';
import { loadPlugin } from '../packages/unblock-bench/variants/after-source.js';
import { collectProjectFiles } from '../packages/unblock-bench/fixture/project-files.js';
import { prepareFixtureCopy } from '../packages/unblock-bench/variants/workspace.js';
import { startServer } from '../packages/unblock-bench/processes/server-process.js';
import { startLoadGenerator } from '../packages/unblock-bench/run/load-process.js';
import { projectRootOf } from '../packages/unblock-bench/observe/settings.js';
import { lintForObservation } from '../packages/unblock-bench/observe/instrument/static-facts.js';
import { planInstrumentation, displayNames } from '../packages/unblock-bench/observe/instrument/plan.js';
import { KNOWN_RULES } from '../packages/unblock-bench/fixture/options.js';

const PRELOAD = fileURLToPath(new URL('../packages/unblock-bench/observe/instrument/host-preload.js', import.meta.url));

const { values, positionals } = parseArgs({ allowPositionals: true, options: { rounds: { type: 'string', default: '5' }, duration: { type: 'string', default: '2' }, connections: { type: 'string', default: '1' }, 'no-profiler': { type: 'boolean' } } });
const rounds = Number(values.rounds);
const duration = Number(values.duration);
const connections = Number(values.connections);

for (const location of positionals) await measure(location);

/** @param {string} location */
async function measure(location) {
  const fixture = await loadFixture(location);
  const root = await projectRootOf(fixture.dir);
  const facts = lintForObservation(await collectProjectFiles(fixture), { rules: KNOWN_RULES, plugin: await loadPlugin(), cwd: root });
  const plan = planInstrumentation(facts, displayNames(facts, root));
  const plain = await prepareFixtureCopy(fixture, [], 'before');
  const observed = await prepareFixtureCopy(fixture, plan.rewritten, 'after');
  const common = { kind: fixture.spec.kind, exportName: fixture.spec.export, threadpoolSize: fixture.spec.threadpoolSize ?? 4, listenTimeout: 10, answerTimeout: 10 };
  const servers = {
    plain: await startServer({ ...common, label: 'plain', entryPath: plain.entryPath }),
    observed: await startServer({ ...common, label: 'observed', entryPath: observed.entryPath, preload: { module: PRELOAD, options: { functionCount: plan.functions.length } } }),
  };
  const load = startLoadGenerator();
  try {
    console.log(`${fixture.spec.name}: ${rounds} rounds of ${duration} s per variant and route, ${connections} connection(s)`);
    for (const route of fixture.spec.routes) {
      const request = { method: route.method, path: route.path, headers: route.headers, body: route.body };
      /** @type {Record<string, { rps: number[], p50: number[], cpu: number[] }>} */
      const seen = { plain: { rps: [], p50: [], cpu: [] }, observed: { rps: [], p50: [], cpu: [] } };
      for (let round = -1; round < rounds; round++) {
        /** @type {Array<'plain' | 'observed'>} */
        const order = round % 2 === 0 ? ['plain', 'observed'] : ['observed', 'plain'];
        for (const variant of order) {
          // As observe runs it: the recorder emptied and the profiler on for the slice.
          if (variant === 'observed') await servers.observed.askPreload({ op: 'take', profile: !values['no-profiler'] });
          await servers[variant].resetStats();
          const result = await load.run({ url: servers[variant].url, requests: [request], connections, duration, timeout: 5 });
          const stats = await servers[variant].stats();
          if (round >= 0) {
            seen[variant].rps.push(result.rps);
            seen[variant].p50.push(result.latency?.p50 ?? NaN);
            seen[variant].cpu.push((stats.cpuSeconds * 1e6) / Math.max(1, result.completed));
          }
        }
      }
      await servers.observed.askPreload({ op: 'take' });
      /** @param {'rps' | 'p50' | 'cpu'} key */
      const both = (key) => ({ plain: median(seen.plain[key]), observed: median(seen.observed[key]) });
      const [rps, p50, cpu] = [both('rps'), both('p50'), both('cpu')];
      console.log(`  ${route.method} ${route.path}: CPU ${cpu.plain.toFixed(0)} → ${cpu.observed.toFixed(0)} µs/request (${percent(cpu.observed / cpu.plain - 1)}), ${rps.plain.toFixed(0)} → ${rps.observed.toFixed(0)} req/s, p50 ${p50.plain.toFixed(2)} → ${p50.observed.toFixed(2)} ms`);
    }
  } finally {
    await Promise.all([load.stop(), servers.plain.stop(), servers.observed.stop()]);
    await Promise.all([plain.dispose(), observed.dispose()]);
  }
}

/** @param {number} x */
function percent(x) {
  return `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
}
