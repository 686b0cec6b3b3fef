/**
 * Where code ran, from the call counters: functions that ran before the server listened and never
 * while it served (start-up only), and functions that ran while serving, with the routes that ran
 * them. A function that never ran says nothing and is in neither list.
 */

/**
 * @typedef {{ file: string, entry: import('../instrument/instrument.js').FunctionEntry }} KnownFunction
 * @typedef {import('eslint-plugin-unblock/tooling').ObservedStartupFunction} StartupFunction
 * @typedef {import('eslint-plugin-unblock/tooling').ObservedServedFunction} ServedFunction
 */

/**
 * @param {KnownFunction[]} functions by id
 * @param {Float64Array} startup calls per function before the server listened
 * @param {Array<{ route: string, counters: Float64Array[] }>} routes the counters of each route's phases (warm-up and load)
 * @returns {{ startupOnly: StartupFunction[], served: ServedFunction[] }}
 */
export function whereCodeRan(functions, startup, routes) {
  /** @type {StartupFunction[]} */
  const startupOnly = [];
  /** @type {ServedFunction[]} */
  const served = [];
  functions.forEach(({ file, entry }, id) => {
    let calls = 0;
    const on = [];
    for (const { route, counters } of routes) {
      const n = counters.reduce((total, c) => total + (c[id] ?? 0), 0);
      if (n > 0) on.push(route);
      calls += n;
    }
    const place = { file, line: entry.line, name: entry.name };
    if (calls > 0) served.push({ ...place, routes: on, calls });
    else if ((startup[id] ?? 0) > 0) startupOnly.push({ ...place, column: entry.column, endLine: entry.endLine, endColumn: entry.endColumn });
  });
  const byPlace = (/** @type {{ file: string, line: number }} */ a, /** @type {{ file: string, line: number }} */ b) => a.file.localeCompare(b.file) || a.line - b.line;
  return { startupOnly: startupOnly.sort(byPlace), served: served.sort(byPlace) };
}
