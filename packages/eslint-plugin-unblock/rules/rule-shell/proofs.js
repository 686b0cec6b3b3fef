/**
 * A report is a proof. Every report a rule makes carries one: where the code is entered
 * (a route, job or event, with the file that registers it), the chain of calls from there,
 * the operations with their effects (or the blocking call with its cost), and why they may
 * overlap (or what the call costs). The shell refuses a report without a complete proof: a
 * rule that forgets one stays silent rather than guess.
 *
 * The proof is shown on demand: with ESLint's shared setting `unblock.explain` (or the
 * environment variable `UNBLOCK_EXPLAIN=1`, handy from the command line) each message ends
 * with its proof, one line per link. A host that shows the proof apart from the message (the
 * editor's "Why this warning") hands a function as `settings.unblock.onProof` instead: the
 * message stays as it is, with its messageId, and the function receives each proof.
 *
 * What evidence a repository supplies did to a report (`.unblock/observed.json`: observed-runs.js)
 * is part of its explanation: a report it annotated ends its proof with an `observed:` line, and a
 * report it withheld is explained all the same — on stderr (a process warning, or the host's
 * onLintWarning listener) when explaining, and to `onProof` with the reason in `withheld` — so
 * that no finding disappears without its reason.
 */
import path from 'node:path';
import { lintWarning } from '../project/bounds/lint-bounds.js';

/**
 * @typedef {object} ProofEntry
 * @property {string} label  `POST /login`, `queue worker mail`; for a function whose callers were found but not
 *   followed to an entry: what is known (`called from 2 places`)
 * @property {string | null} file  the file that registers it, when known
 *
 * @typedef {object} ProofOperation
 * @property {string} code    the call as written, shortened (`db.getUser()`)
 * @property {string} effect  what it does, and what says so (`read (its body)`, `write (its name)`, `CPU, about 100 ms`)
 *
 * @typedef {object} Proof
 * @property {ProofEntry} entry
 * @property {string[]} chain  the functions from the entry to the reported code, outermost first
 * @property {ProofOperation[]} operations
 * @property {string} why  why they may run together, or what the call costs
 *
 * @typedef {object} ProofNote  a proof as `settings.unblock.onProof` receives it: where the report's message starts
 *   (1-based line and column, as ESLint's messages say) and the proof's lines
 * @property {string} ruleId
 * @property {number} line
 * @property {number} column
 * @property {string[]} lines
 * @property {string} [withheld] set when the report was not made: why (the observations said its code runs only at start-up)
 *
 * @typedef {object} Observation  what the observations did to a report (observed-runs.js)
 * @property {string} says   `seen on GET /x: 30 ms lost per request`, or why it was withheld
 * @property {boolean} withheld  the report is not made
 *
 * @typedef {import('eslint').Rule.ReportDescriptor & { proof: Proof }} ProvenReport  what a rule reports
 * @typedef {Omit<import('eslint').Rule.RuleContext, 'report'> & { report(descriptor: ProvenReport): void }} ProvenContext
 *   the context a rule made with createRule sees
 */

/** Longest code shown for one operation. */
const MAX_CODE = 60;

/**
 * Whether a proof has every link: an entry, a chain, at least one operation and a reason.
 * @param {unknown} proof
 * @returns {proof is Proof}
 */
export function isCompleteProof(proof) {
  const p = /** @type {any} */ (proof);
  return Boolean(
    p && typeof p === 'object' &&
      p.entry && typeof p.entry.label === 'string' && p.entry.label !== '' &&
      Array.isArray(p.chain) && p.chain.length > 0 &&
      Array.isArray(p.operations) && p.operations.length > 0 &&
      p.operations.every((/** @type {any} */ op) => typeof op?.code === 'string' && typeof op?.effect === 'string') &&
      typeof p.why === 'string' && p.why !== '',
  );
}

/**
 * The rule context the rule sees: `report` takes a descriptor with a `proof`, refuses one
 * without a complete proof, and hands the host the descriptor without it (with the proof
 * appended to the message when explaining).
 * @param {import('eslint').Rule.RuleContext} context
 * @param {Record<string, string>} messages the rule's message templates
 * @returns {import('eslint').Rule.RuleContext}
 */
export function withProofs(context, messages) {
  const explain = explaining(context);
  const sink = proofSinkOf(context);
  const report = (/** @type {any} */ descriptor) => {
    const { proof, observation, ...rest } = descriptor ?? {};
    if (!isCompleteProof(proof)) return undefined;
    const seen = /** @type {Observation | undefined} */ (observation);
    const lines = [...proofLines(proof), ...(seen ? [`  ${seen.withheld ? 'withheld' : 'observed'}: ${seen.says}`] : [])];
    const start = rest.loc?.start ?? rest.node?.loc?.start;
    // An editor asks for each report's proof beside its message (its "Why this warning"), keyed as ESLint's message is placed.
    if (sink && start) sink({ ruleId: context.id, line: start.line, column: start.column + 1, lines, ...(seen?.withheld ? { withheld: seen.says } : {}) });
    const { messageId, data, ...plain } = rest;
    const text = () => fill((messageId ? messages[messageId] : rest.message) ?? '', data);
    if (seen?.withheld) {
      if (explain) lintWarning(`unblock: not reported: ${context.id} at ${placeOf(context, start)}: ${text()}\n${lines.join('\n')}`, 'UNBLOCK_EXPLAIN');
      return undefined;
    }
    if (!explain) return context.report(rest);
    return context.report({ ...plain, message: `${text()}\n${lines.join('\n')}` });
  };
  return Object.create(context, { report: { value: report, enumerable: true } });
}

/**
 * The proof as lines of text, as `explain` prints it.
 * @param {Proof} proof
 * @returns {string[]}
 */
export function proofLines(proof) {
  const where = proof.entry.file ? `${proof.entry.label} (${proof.entry.file})` : proof.entry.label;
  return [
    `  entry: ${where}`,
    `  chain: ${proof.chain.join(' → ')}`,
    ...proof.operations.map((op) => `  operation: ${shorten(op.code)}: ${op.effect}`),
    `  why: ${proof.why}`,
  ];
}

/**
 * @param {string} code
 */
export function shorten(code) {
  const line = code.replace(/\s+/g, ' ').trim();
  return line.length > MAX_CODE ? `${line.slice(0, MAX_CODE - 1)}…` : line;
}

/**
 * `src/app.js:12`: where a withheld report would have been, relative to the lint's folder.
 * @param {import('eslint').Rule.RuleContext} context
 * @param {{ line: number } | undefined} start
 */
function placeOf(context, start) {
  const file = path.relative(context.cwd ?? '', context.filename).split(path.sep).join('/');
  return `${file}:${start?.line ?? '?'}`;
}

/**
 * @param {import('eslint').Rule.RuleContext} context
 */
function explaining(context) {
  const setting = /** @type {any} */ (context.settings)?.unblock?.explain;
  return setting === true || process.env.UNBLOCK_EXPLAIN === '1';
}

/**
 * The function a host hands in ESLint's shared settings (`settings.unblock.onProof`) to receive each
 * report's proof, or null.
 * @param {import('eslint').Rule.RuleContext} context
 * @returns {((proof: ProofNote) => void) | null}
 */
function proofSinkOf(context) {
  const sink = /** @type {any} */ (context.settings)?.unblock?.onProof;
  return typeof sink === 'function' ? sink : null;
}

/**
 * A message template with its `{{name}}` slots filled, as ESLint fills them.
 * @param {string} template
 * @param {Record<string, unknown> | undefined} data
 */
function fill(template, data) {
  return template.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (whole, name) => (data && name in data ? String(data[name]) : whole));
}
