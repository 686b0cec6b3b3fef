/**
 * One schema per kind of cache entry (a module per format beside this file). The store (../store.js)
 * hands out an entry only when it fits its kind's schema: anything else, a kind nobody writes among
 * them, is a miss, made again and counted (../stats.js), never read by the code that trusts it.
 */
import { isImportsEntry } from './imports.js';
import { isScanEntry } from './scan.js';
import { isScanLedgerEntry } from './scan-ledger.js';
import { isSummariesEntry } from './summaries.js';
import { isVerdictsEntry } from './verdicts.js';

/** @type {Record<string, (value: unknown, root: string | null) => boolean>} */
const SCHEMAS = { scan: isScanEntry, 'scan-ledger': isScanLedgerEntry, summaries: isSummariesEntry, imports: isImportsEntry, verdicts: isVerdictsEntry };

/**
 * Whether a kept value fits the schema of its kind.
 * @param {string} kind
 * @param {unknown} value
 * @param {string | null} root the project it is read for: the files its inputs name must lie inside (null: not checked)
 */
export function fitsSchema(kind, value, root) {
  return Object.hasOwn(SCHEMAS, kind) && SCHEMAS[kind](value, root);
}
