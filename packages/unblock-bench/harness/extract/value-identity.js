// Stable identities and JSON forms for simulated values, so the "before" and "after" variants of a
// function give byte-equal responses when they did the same work (see runtime.js).

/** Every simulated value, so serialisation can tell them from the user's own functions. */
const simulatedValues = new WeakSet();

/** @param {object} value a simulated value, just made */
export function markSimulated(value) {
  simulatedValues.add(value);
}

/** Identities stay short: a value passed back into calls (pagination) would otherwise nest and grow exponentially. */
const MAX_ID_LENGTH = 200;

/** @param {string} id @param {string} shape */
export function compactId(id, shape) {
  return id.length <= MAX_ID_LENGTH ? id : `${shape}()#${hash(id).toString(36)}`;
}

/** Stable text for call arguments; simulated values print as their identity. */
export function argumentsKey(args) {
  return args.map((arg) => (typeof arg === 'function' && !isSimulated(arg) ? 'ƒ' : JSON.stringify(serialise(arg)) ?? 'undefined')).join(',');
}

/** @param {any} value */
export function isSimulated(value) {
  return simulatedValues.has(value);
}

/**
 * JSON-safe copy: simulated values become their identity, cycles and functions are marked, so a
 * result always serialises the same way in both variants.
 * @param {any} value
 * @param {WeakSet<object>} [seen]
 * @returns {any}
 */
export function serialise(value, seen = new WeakSet()) {
  if (value === undefined) return null;
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return isSimulated(value) ? value.toJSON() : 'ƒ';
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[cycle]';
  seen.add(value);
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `‹${value.constructor.name} ${value.byteLength} bytes›`;
  if (value instanceof Map) return { '‹Map›': [...value].map(([k, v]) => [serialise(k, seen), serialise(v, seen)]) };
  if (value instanceof Set) return { '‹Set›': [...value].map((v) => serialise(v, seen)) };
  if (value instanceof Date) return value.toJSON();
  if (value instanceof Error) return { error: value.message };
  if (Array.isArray(value)) return value.map((v) => serialise(v, seen));
  if (typeof value.toJSON === 'function') return serialise(value.toJSON(), seen);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, serialise(v, seen)]));
}

/** FNV-1a: a small, stable hash so simulated numbers and strings are the same in every process. */
export function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
