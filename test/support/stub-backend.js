/**
 * A stub backend for the semantic tests of the rewrites: any method name
 * is an async operation that resolves after a delay with a value built from
 * its name and arguments, or rejects (or throws before returning a promise)
 * when told to. It counts the calls in flight, so a test can tell whether a
 * rewrite starts operations together.
 */

/**
 * @param {{ failing?: string | string[], throwingSync?: string[], delay?: number, delays?: Record<string, number> }} [settings]
 *   failing: names that reject; throwingSync: names that throw before returning a promise;
 *   delays: per-name delays in ms (others take `delay`)
 */
export function createBackend({ failing = [], throwingSync = [], delay = 5, delays = {} } = {}) {
  const rejecting = new Set(typeof failing === 'string' ? [failing] : failing);
  const stats = { inFlight: 0, maxInFlight: 0, calls: /** @type {string[]} */ ([]) };
  const api = new Proxy({}, {
    get(_target, name) {
      if (typeof name !== 'string') return undefined;
      if (throwingSync.includes(name)) {
        return (/** @type {unknown[]} */ ...args) => {
          stats.calls.push(name);
          throw new TypeError(`${name} refused ${JSON.stringify(args)}`);
        };
      }
      return async (/** @type {unknown[]} */ ...args) => {
        stats.calls.push(name);
        stats.inFlight++;
        stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
        await new Promise((resolve) => setTimeout(resolve, delays[name] ?? delay));
        stats.inFlight--;
        if (rejecting.has(name)) throw new Error(`${name} failed for ${JSON.stringify(args)}`);
        return { from: name, args, list: [1, 2, 3], nested: { deep: name.length } };
      };
    },
  });
  return { api, stats };
}

/**
 * The function named `handler` declared in `source`.
 * @param {string} source
 * @returns {(...args: any[]) => Promise<unknown>}
 */
export function compileHandler(source) {
  return new Function(`${source}\nreturn handler;`)();
}

/**
 * The value a call returns, or the message of what it throws.
 * @param {() => Promise<unknown>} run
 */
export async function outcome(run) {
  try {
    return { value: await run() };
  } catch (error) {
    return { error: /** @type {Error} */ (error).message };
  }
}
