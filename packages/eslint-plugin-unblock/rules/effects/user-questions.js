/**
 * Whether a string handed to a call puts a question to a person
 * (`read('Delete it? [y/N] ')`): nothing should start before the answer is
 * in. A `?` that stands where a value goes is a placeholder, not a
 * question: SQL (`'SELECT * FROM t WHERE id = ?'`) and SQL fragments
 * (`' monitor_id = ? ORDER BY time LIMIT ?'`) ask nobody, and neither does a
 * route or URL (`'/badge/:id/:duration?'`). Read with string operations,
 * not a regular expression over the whole text, so that the time is linear
 * in the text's length whatever it holds (a pattern with three adjacent
 * `\s*` took seconds on a long run of spaces).
 */
import { sqlFacts } from './sql-text.js';

/** The answer hints a prompt may end with, after the question mark or alone in brackets; five characters each. */
const BRACKETED = /^\[[yn]\/[yn]\]$/i;
const PARENTHESISED = /^\([yn]\/[yn]\)$/i;
/** Characters after which a `?` stands where a value goes. */
const BEFORE_PLACEHOLDER = new Set(['=', '<', '>', ',', '(']);

/**
 * The end of a question to the user: `? `, `? [y/N] `, `(y/n): `, `[y/n]:`.
 * @param {string} text
 */
export function isQuestionToUser(text) {
  let end = text.trimEnd();
  if (end.endsWith(':')) end = end.slice(0, -1).trimEnd();
  const hint = end.slice(-5);
  if (BRACKETED.test(hint)) return !isSql(text);
  if (PARENTHESISED.test(hint)) end = end.slice(0, -5).trimEnd();
  if (!end.endsWith('?') || isPlaceholder(end, end.length - 1) || hasPlaceholder(end) || isPath(end)) return false;
  return !isSql(text);
}

/**
 * The `?` at `index` follows an operator, a comma or an opening parenthesis (spaces between allowed).
 * @param {string} text
 * @param {number} index
 */
function isPlaceholder(text, index) {
  let before = index - 1;
  while (before >= 0 && /\s/.test(text[before])) before--;
  return before >= 0 && BEFORE_PLACEHOLDER.has(text[before]);
}

/**
 * Some `?` in the text is a placeholder: the text is (part of) a query.
 * @param {string} text
 */
function hasPlaceholder(text) {
  for (let index = text.indexOf('?'); index !== -1; index = text.indexOf('?', index + 1)) {
    if (isPlaceholder(text, index)) return true;
  }
  return false;
}

/**
 * A route or URL: one word holding a slash (`/api/:id?`, `https://host/send.php?`).
 * @param {string} text
 */
function isPath(text) {
  return text.includes('/') && !/\s/.test(text.trim());
}

/** @param {string} text */
function isSql(text) {
  return sqlFacts(text) !== null;
}
