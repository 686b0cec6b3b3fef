// The lint worker (dist/lint-worker.js): runs the lint engine on its own thread, so linting a
// large file never blocks the extension host (other extensions, completions, the UI's
// requests). Answers { id, op, args } messages with { id, value } or { id, error }.
import { parentPort } from 'node:worker_threads';
import { fixAllText } from '../mapping/fix-all.js';

const started = performance.now();
/** Bundled as a runtime load of dist/lint-engine.js (see scripts/build.mjs). */
const enginePromise = import('./engine.js').then((engine) => ({ engine, loadMs: performance.now() - started }));

/**
 * @param {typeof import('./engine.js')} engine
 * @param {string} op
 * @param {{ text: string, fileName: string, cwd?: string, languageId: string, settings: import('./config.js').LintSettings }} args
 */
function handle(engine, op, args) {
  const options = { fileName: args.fileName, cwd: args.cwd, languageId: args.languageId, settings: args.settings };
  if (op === 'lint') {
    const t0 = performance.now();
    const result = engine.lintText(args.text, options);
    return { result, ms: performance.now() - t0, docsUrls: engine.docsUrls, summaries: engine.summaries };
  }
  if (op === 'fixAll') {
    // The first lint of this worker may be a fix-all: its warnings (a native helper that did not
    // load is told once per worker) go back with the result, not lost.
    /** @type {Set<string>} */
    const warnings = new Set();
    const fixed = fixAllText(args.text, (candidate) => {
      const result = engine.lintText(candidate, options);
      for (const warning of result?.warnings ?? []) warnings.add(warning);
      return result && !result.parseError ? result.messages : undefined;
    });
    return { ...fixed, warnings: [...warnings] };
  }
  if (op === 'forget') {
    // A file changed on disk: what the project index read from it, or resolved to it, is stale.
    engine.forgetProjectFile(/** @type {any} */ (args).path);
    return null;
  }
  throw new Error(`unknown lint worker request "${op}"`);
}

parentPort.on('message', async (/** @type {{ id: number, op: string, args: any }} */ request) => {
  try {
    const { engine, loadMs } = await enginePromise;
    parentPort.postMessage({ id: request.id, value: handle(engine, request.op, request.args), engineLoadMs: loadMs });
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: error instanceof Error ? error.stack ?? error.message : String(error) });
  }
});
