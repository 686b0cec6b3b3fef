/**
 * A stub async backend for the semantic tests of the rewrites: every method
 * resolves after a delay with a value built from its name and arguments, or
 * fails, and the stub records which calls were in flight together.
 */

/**
 * @typedef {object} BackendSettings
 * @property {string | string[]} [failing]  methods that reject (after their delay)
 * @property {string[]} [throwing]  methods that throw synchronously, before returning a promise
 * @property {number} [delay]  ms each call takes
 * @property {Record<string, number>} [delays]  ms for particular methods
 */

/**
 * @param {BackendSettings} [settings]
 */
export function createBackend({ failing = [], throwing = [], delay = 5, delays = {} } = {}) {
  const failingSet = new Set([failing].flat());
  /** @type {string[]} */
  const running = [];
  /** @type {Array<() => void>} */
  let whenIdle = [];
  const stats = {
    inFlight: 0,
    maxInFlight: 0,
    /** @type {string[]} */
    calls: [],
    /** @type {Set<string>} pairs `a|b` (sorted) of methods that were in flight at the same time */
    overlaps: new Set(),
  };
  const api = new Proxy({}, {
    get(_target, name) {
      if (typeof name !== 'string') return undefined;
      return (/** @type {unknown[]} */ ...args) => {
        stats.calls.push(name);
        if (throwing.includes(name)) throw new Error(`${name} threw for ${JSON.stringify(args)}`);
        for (const other of running) stats.overlaps.add([name, other].sort().join('|'));
        running.push(name);
        stats.inFlight++;
        stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
        return (async () => {
          await new Promise((resolve) => setTimeout(resolve, delays[name] ?? delay));
          stats.inFlight--;
          running.splice(running.indexOf(name), 1);
          if (stats.inFlight === 0) for (const resolve of whenIdle.splice(0)) resolve();
          if (failingSet.has(name)) throw new Error(`${name} failed for ${JSON.stringify(args)}`);
          return { from: name, args, list: [1, 2, 3], nested: { deep: name.length } };
        })();
      };
    },
  });
  /** Resolves once no call is in flight (calls a rewrite started and nobody awaited included). */
  const idle = () => (stats.inFlight === 0 ? Promise.resolve() : new Promise((resolve) => whenIdle.push(() => resolve(undefined))));
  return { api, stats, idle };
}

/** @param {string} source a function named `handler(api, id)` */
export function compile(source) {
  return new Function(`${source}\nreturn handler;`)();
}

/**
 * The value a run returns, or the message of the error it throws.
 * @param {() => Promise<unknown>} run
 */
export async function outcome(run) {
  try {
    return { value: await run() };
  } catch (error) {
    return { error: /** @type {Error} */ (error).message };
  }
}
