/**
 * How observe starts a fixture's server, instrumented or not: the same fixture settings, limits,
 * signal and Node for both, so the two differ only in the files they run and the preload.
 */
import { startServer } from '../../processes/server-process.js';

/**
 * @param {{ label: string, entryPath: string, root: string, preload?: any }} files what to run, and under which name
 * @param {{ spec: import('../../fixture/fixture.js').FixtureSpec, settings: import('../settings.js').ObserveSettings,
 *   node: import('../../processes/node-runtime.js').ServerRuntime, signal?: AbortSignal }} run
 */
export function startFixtureServer({ label, entryPath, root, preload }, { spec, settings, node, signal }) {
  return startServer({
    label,
    entryPath,
    root,
    kind: spec.kind,
    exportName: spec.export,
    threadpoolSize: settings.threadpoolSize,
    listenTimeout: settings.listenTimeout,
    answerTimeout: settings.requestTimeout,
    signal,
    node,
    ...(preload ? { preload } : {}),
  });
}
