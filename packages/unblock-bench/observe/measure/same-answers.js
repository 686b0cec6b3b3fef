/**
 * Observe measures the user's program, so the instrumented server must still be that program.
 * Before any load, the fixture's requests go one at a time to the instrumented server and to the
 * same files uninstrumented, and every status and body must match, as the bench requires of a
 * fix; a difference stops the run with the answers that differ. A rewrite that broke a route
 * would otherwise be measured as its error path and reported as "nothing lost".
 */
import { BenchError } from '../../errors.js';
import { checkEquivalence, describeDifferences } from '../../variants/equivalence.js';
import { startFixtureServer } from '../instrument/fixture-server.js';
import { guardAgainst } from '../../run/run-comparison.js';
import { plural } from '../../printers/format.js';

const LABELS = /** @type {[string, string]} */ (['uninstrumented', 'instrumented']);

/**
 * Starts the uninstrumented server, compares the answers, and stops it again (it must not share
 * the machine with the measured load).
 * @param {{ fixture: import('../../fixture/fixture.js').Fixture, plain: { entryPath: string, dir: string }, observed: import('../../processes/server-process.js').ServerHandle,
 *   node: import('../../processes/node-runtime.js').ServerRuntime, settings: import('../settings.js').ObserveSettings, signal?: AbortSignal }} input
 * @returns {Promise<import('../../variants/equivalence.js').EquivalenceResult>}
 */
export async function requireSameAnswers({ fixture, plain, observed, node, settings, signal }) {
  const { spec } = fixture;
  const server = await startFixtureServer({ label: 'uninstrumented', entryPath: plain.entryPath, root: plain.dir }, { spec, settings, node, signal });
  try {
    const guard = guardAgainst([server, observed], signal);
    const requests = [...spec.routes, ...(spec.bystander ? [spec.bystander] : []), ...spec.equivalence];
    const result = await guard(checkEquivalence(server.url, observed.url, requests, { timeoutMs: settings.requestTimeout * 1000, signal, labels: LABELS }));
    if (!result.equal) {
      throw new BenchError(
        `the instrumented server answers ${plural(result.differences.length, 'request')} of ${requests.length} differently from the uninstrumented one, so what observe would measure is not your program; stopped (please report this with the details below)`,
        { code: 'NOT_EQUIVALENT', details: describeDifferences(result.differences, LABELS) },
      );
    }
    return result;
  } finally {
    await server.stop();
  }
}
