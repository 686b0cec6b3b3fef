import plugin from 'eslint-plugin-unblock';
import { BenchError } from './errors.js';

/** The plugin's rule ids, in full (`unblock/<id>`): derived from the plugin, never typed here. */
export const KNOWN_RULES = Object.keys(plugin.rules).map((id) => `unblock/${id}`);

/**
 * Built-in defaults. Chosen so one comparison stays under 60 s: 2 levels × (2 × 1 s warm-up +
 * 5 rounds × 2 variants × 2 s) = 44 s of load plus start-up and at most a few repeated slices.
 */
export const DEFAULTS = Object.freeze({
  connections: [1, 10],
  duration: 2,
  rounds: 5,
  warmup: 1,
  threadpoolSize: 4,
  listenTimeout: 10,
  requestTimeout: 5,
  maxOutsideLoad: 0.5,
  maxSteal: 5,
  maxRepeats: 1,
  bystanderInterval: 25,
});

/**
 * @typedef {object} ResolvedOptions
 * @property {number[]} connections connection levels, each measured separately
 * @property {number} duration seconds per measured slice
 * @property {number} rounds A/B pairs per connection level
 * @property {number} warmup seconds of unmeasured load per variant and level
 * @property {number[]} threadpoolSizes one full comparison per size (`--sweep-threadpool`)
 * @property {string[]} rules full rule ids (`unblock/…`) to apply
 * @property {number} listenTimeout seconds a server may take to start listening
 * @property {number} requestTimeout seconds before one request counts as hung
 * @property {number} maxOutsideLoad cores of outside CPU use above which a slice is repeated or flagged
 * @property {number} maxSteal percent of CPU time stolen by the hypervisor above which the host counts as noisy
 * @property {number} maxRepeats repeated slices allowed per connection level
 * @property {number} bystanderInterval ms between bystander probes during a slice
 */

/**
 * Merges caller options over the fixture's `load` defaults over the built-ins and validates the
 * result. Every problem is a one-line BenchError naming the option as the CLI spells it.
 * @param {Record<string, any>} input API options (CLI flags already parsed)
 * @param {{ load?: Record<string, any>, rules: string[], threadpoolSize?: number }} [fixtureSpec]
 * @returns {ResolvedOptions}
 */
export function resolveOptions(input, fixtureSpec) {
  const load = fixtureSpec?.load ?? {};
  /** @param {string} key */
  const pick = (key) => (input[key] !== undefined ? input[key] : load[key] !== undefined ? load[key] : DEFAULTS[key]);

  const connections = intList(pick('connections'), '--connections', 1, 1000);
  const duration = number(pick('duration'), '--duration', 0.2, 600);
  const rounds = integer(pick('rounds'), '--rounds', 1, 100);
  const warmup = number(pick('warmup'), '--warmup', 0, 600);
  const listenTimeout = number(pick('listenTimeout'), '--listen-timeout', 0.1, 600);
  const requestTimeout = number(pick('requestTimeout'), '--request-timeout', 0.1, 600);
  const maxOutsideLoad = number(pick('maxOutsideLoad'), '--max-outside-load', 0, 1024);
  const maxSteal = number(pick('maxSteal'), '--max-steal', 0, 100);
  const maxRepeats = integer(pick('maxRepeats'), '--max-repeats', 0, 100);
  const bystanderInterval = number(pick('bystanderInterval'), '--bystander-interval', 1, 10_000);

  const poolDefault = input.threadpoolSize ?? fixtureSpec?.threadpoolSize ?? DEFAULTS.threadpoolSize;
  const threadpoolSizes =
    input.sweepThreadpool !== undefined
      ? intList(input.sweepThreadpool, '--sweep-threadpool', 1, 1024)
      : [integer(poolDefault, '--threadpool-size', 1, 1024)];

  const rules = normalizeRules(input.rules ?? fixtureSpec?.rules ?? KNOWN_RULES);
  return {
    connections,
    duration,
    rounds,
    warmup,
    threadpoolSizes,
    rules,
    listenTimeout,
    requestTimeout,
    maxOutsideLoad,
    maxSteal,
    maxRepeats,
    bystanderInterval,
  };
}

/**
 * Accepts a rule's id with or without `unblock/` (`<id>`, `unblock/<id>`); rejects ids the plugin lacks.
 * @param {unknown} value
 * @returns {string[]}
 */
export function normalizeRules(value) {
  const list = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(list) || list.length === 0) {
    throw new BenchError(`--rule must name at least one of ${KNOWN_RULES.join(', ')}`, { code: 'BAD_OPTION' });
  }
  const out = [];
  for (const raw of list) {
    const id = String(raw).trim();
    const full = id.startsWith('unblock/') ? id : `unblock/${id}`;
    if (!KNOWN_RULES.includes(full)) {
      throw new BenchError(`--rule: unknown rule "${id}" (known: ${KNOWN_RULES.join(', ')})`, { code: 'BAD_OPTION' });
    }
    if (!out.includes(full)) out.push(full);
  }
  return out;
}

/**
 * @param {unknown} value
 * @param {string} name
 * @param {number} min
 * @param {number} max
 */
function number(value, name, min, max) {
  const x = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof x !== 'number' || !Number.isFinite(x) || x < min || x > max) {
    throw new BenchError(`${name} must be a number from ${min} to ${max}, got ${show(value)}`, { code: 'BAD_OPTION' });
  }
  return x;
}

/**
 * @param {unknown} value
 * @param {string} name
 * @param {number} min
 * @param {number} max
 */
function integer(value, name, min, max) {
  const x = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max) {
    throw new BenchError(`${name} must be a whole number from ${min} to ${max}, got ${show(value)}`, {
      code: 'BAD_OPTION',
    });
  }
  return x;
}

/**
 * A list of whole numbers, given as an array or a comma-separated string ("1,10").
 * @param {unknown} value
 * @param {string} name
 * @param {number} min
 * @param {number} max
 */
function intList(value, name, min, max) {
  const parts = typeof value === 'string' ? value.split(',') : typeof value === 'number' ? [value] : value;
  if (!Array.isArray(parts) || parts.length === 0) {
    throw new BenchError(`${name} must be a comma-separated list of whole numbers, got ${show(value)}`, {
      code: 'BAD_OPTION',
    });
  }
  const out = parts.map((part) => {
    const x = typeof part === 'string' && part.trim() !== '' ? Number(part) : part;
    if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max) {
      throw new BenchError(`${name} must list whole numbers from ${min} to ${max}, got ${show(value)}`, {
        code: 'BAD_OPTION',
      });
    }
    return x;
  });
  return [...new Set(out)];
}

/** @param {unknown} value */
function show(value) {
  if (typeof value === 'string') return JSON.stringify(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
