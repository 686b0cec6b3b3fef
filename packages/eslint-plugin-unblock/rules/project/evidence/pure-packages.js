/**
 * Packages whose exported functions only compute: they take values and
 * return new ones, touch nothing outside the process, and keep no state of
 * their own (date-fns: `addDays`, `endOfDay`, `startOfToday`, whose names
 * would otherwise read as writes). A call into one is pure, and the date or
 * string it returns is new. Only packages that document this of every
 * export are listed: one with a global setting (`dayjs.locale()`,
 * `moment.locale()`, luxon's `Settings`) is not.
 */
import { PURE, packageOf } from '../body-calls/call-effect.js';

/**
 * The package names, by the name they are imported by (a scope counts as one name: `@date-fns/tz`).
 * date-fns and its time-zone companions: "immutable & pure" in their docs; ms and bytes: unit conversions;
 * escape-html: string escaping; validator: string checks and sanitisers.
 */
const PURE_PACKAGES = new Set(['date-fns', 'date-fns-tz', '@date-fns/tz', '@date-fns/utc', 'ms', 'bytes', 'escape-html', 'validator']);

/** @type {import('../body-calls/call-effect.js').CallEffect} */
const PURE_NEW = Object.freeze({ ...PURE, returns: 'value' });

/** @type {import('../body-calls/call-effect.js').EvidenceSource} */
export default {
  name: 'pure-packages',
  evidenceOf: ({ source }) => (source && PURE_PACKAGES.has(packageName(source)) ? PURE_NEW : null),
};

/**
 * `date-fns` for `date-fns/addDays`, `@date-fns/tz` for `@date-fns/tz/date`.
 * @param {string} source
 */
function packageName(source) {
  return source.startsWith('@') ? source.split('/').slice(0, 2).join('/') : packageOf(source);
}
