/**
 * Decides, per loop, whether the bounded rewrite goes through p-map or
 * p-limit: with `maxConcurrency` set, for every loop that gets a bounded
 * rewrite; without it, only for loops over a runtime-sized list (an
 * argument, a query result), where Promise.all could start thousands of
 * operations at once. Either way only when the linted file's package
 * depends on the helper and the file can load it.
 */
import path from 'node:path';
import { concurrencyPackagesOf } from '../../project/workspace/concurrency-packages.js';
import { isRuntimeSizedList } from '../loop-list-size.js';
import { reachHelper, DEFAULT_HELPER_CONCURRENCY } from './loop-limited.js';

/**
 * @param {import('eslint').Rule.RuleContext} context
 * @param {{ isTypeScript: boolean, maxConcurrency: number | null }} settings
 * @returns {(shape: import('../loop-shapes.js').LoopShape, resolve: (identifier: any) => any) => import('./loop-limited.js').LimitedHelper | null}
 */
export function limitedHelperFinder(context, { isTypeScript, maxConcurrency }) {
  /** @type {import('../../project/workspace/concurrency-packages.js').PackageFacts | null | undefined} */
  let facts;
  const filename = context.filename ?? '';
  // `<input>`, `<text>`: code without a file has no package to depend on anything.
  const file = filename === '' || filename.startsWith('<') ? null : path.resolve(context.cwd ?? process.cwd(), filename);

  return (shape, resolve) => {
    if (file === null) return null;
    if (maxConcurrency === null && !isRuntimeSizedList(shape.source, resolve)) return null;
    facts ??= concurrencyPackagesOf(file);
    if (!facts || facts.helpers.length === 0) return null;
    return reachHelper(context.sourceCode, shape.statement, {
      filename: file, isTypeScript, limit: maxConcurrency ?? DEFAULT_HELPER_CONCURRENCY, facts,
    });
  };
}
