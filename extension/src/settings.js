// The extension's settings as one plain, validated object. VS Code already checks types
// against the manifest schema in the settings UI, but settings.json can hold anything, so
// bad values fall back to defaults with a readable problem instead of breaking the lint.

/** @typedef {import('./mapping/diagnostics.js').SeveritySetting} SeveritySetting */

/**
 * @typedef {object} Settings
 * @property {boolean} enable
 * @property {boolean} lintEnable
 * @property {number} lintDelay milliseconds of quiet typing before a lint
 * @property {boolean} codeLensEnable
 * @property {Record<string, SeveritySetting>} severity by rule id without the `unblock/` prefix
 * @property {Record<string, unknown>} ruleOptions by rule id without the prefix
 * @property {BenchSettings} bench unset values are left to the fixture's or the bench runner's defaults
 */

/**
 * @typedef {object} BenchSettings
 * @property {number} [duration] seconds per measured slice
 * @property {number[]} [connections] connection levels
 * @property {number} [rounds] before/after pairs per level
 * @property {number} [threadPoolSize] UV_THREADPOOL_SIZE of the benchmarked server
 */

export const SEVERITIES = /** @type {const} */ (['error', 'warning', 'information', 'hint', 'off']);

/**
 * @param {(key: string) => unknown} get reads one setting by its key below `unblock.`
 * @returns {{ settings: Settings, problems: string[] }}
 */
export function readSettings(get) {
  /** @type {string[]} */
  const problems = [];
  const bool = (/** @type {string} */ key, /** @type {boolean} */ fallback) => {
    const value = get(key);
    if (value === undefined) return fallback;
    if (typeof value === 'boolean') return value;
    problems.push(`unblock.${key} must be true or false`);
    return fallback;
  };
  /** A number within limits; `null`/absent means "not set". */
  const number = (/** @type {string} */ key, /** @type {[number, number]} */ [min, max], integer = true) => {
    const value = get(key);
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max && (!integer || Number.isInteger(value))) return value;
    problems.push(`unblock.${key} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}`);
    return undefined;
  };
  const objectOf = (/** @type {string} */ key) => {
    const value = get(key);
    if (value === undefined || value === null) return {};
    if (typeof value === 'object' && !Array.isArray(value)) return /** @type {Record<string, unknown>} */ (value);
    problems.push(`unblock.${key} must be an object keyed by rule id`);
    return {};
  };

  /** @type {Record<string, SeveritySetting>} */
  const severity = {};
  for (const [rawId, value] of Object.entries(objectOf('severity'))) {
    const id = rawId.replace(/^unblock\//, '');
    if (SEVERITIES.includes(/** @type {SeveritySetting} */ (value))) severity[id] = /** @type {SeveritySetting} */ (value);
    else problems.push(`unblock.severity["${rawId}"] must be one of ${SEVERITIES.join(', ')}`);
  }
  /** @type {Record<string, unknown>} */
  const ruleOptions = {};
  for (const [rawId, value] of Object.entries(objectOf('ruleOptions'))) ruleOptions[rawId.replace(/^unblock\//, '')] = value;

  /** @type {BenchSettings} */
  const bench = {};
  const duration = number('bench.duration', [0.2, 600], false);
  if (duration !== undefined) bench.duration = duration;
  const rounds = number('bench.rounds', [1, 100]);
  if (rounds !== undefined) bench.rounds = rounds;
  const threadPoolSize = number('bench.threadPoolSize', [1, 1024]);
  if (threadPoolSize !== undefined) bench.threadPoolSize = threadPoolSize;
  const connections = get('bench.connections');
  if (Array.isArray(connections) && connections.length > 0 && connections.every((c) => Number.isInteger(c) && c >= 1 && c <= 1000)) {
    bench.connections = connections;
  } else if (connections !== undefined && connections !== null) {
    problems.push('unblock.bench.connections must be a list of whole numbers from 1 to 1000, e.g. [1, 10]');
  }

  return {
    settings: {
      enable: bool('enable', true),
      lintEnable: bool('lint.enable', true),
      lintDelay: number('lint.delay', [0, 5000]) ?? 150,
      codeLensEnable: bool('codeLens.enable', true),
      severity,
      ruleOptions,
      bench,
    },
    problems,
  };
}

/**
 * @param {Settings} settings
 * @param {string} ruleId with or without the `unblock/` prefix
 * @returns {SeveritySetting}
 */
export function severityFor(settings, ruleId) {
  return settings.severity[ruleId.replace(/^unblock\//, '')] ?? 'warning';
}
