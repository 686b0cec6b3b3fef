// The bench bundle (dist/bench.js) loads oxc-resolver, a native package, as it loads. Where its
// binding cannot load (a .vsix for another platform, a system library missing), the import fails
// with the loader's own words ("npm has a bug related to optional dependencies…"), which point a
// VS Code user the wrong way. This says what failed, on which platform, what still works and what
// to do; the loader's chain of attempts goes to the log.

/**
 * @param {unknown} error why dist/bench.js did not load
 * @returns {Error & { details: string }} a BenchError (shown without a stack)
 */
export function benchLoadError(error) {
  /** @type {string[]} */
  const chain = [];
  for (let link = /** @type {any} */ (error); link && chain.length < 20; link = link.cause) chain.push(String(link.message ?? link).split('\n')[0]);
  return Object.assign(
    new Error(`the bench runner could not be loaded on ${process.platform}-${process.arch}, so benchmarking is unavailable (linting and quick fixes still work). Install the Unblock .vsix built for this platform.`),
    { name: 'BenchError', details: chain.map((line) => `  ${line}`).join('\n') },
  );
}
