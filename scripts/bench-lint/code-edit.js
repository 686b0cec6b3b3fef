/**
 * The edit bench:lint's warm cache runs make between two lints (cache-runs.js): a line of code in
 * the body of the file's first function, as a commit that changes one function does. Not a comment
 * at the end: the cache keeps what each fact read of a module (the names it looked up and the code
 * they stand for), so a comment, or code added below everything read, costs almost nothing and
 * would flatter the warm figures. A line in the first function changes that function (what reads it
 * is made again) and moves every function below it (what names them is moved). A file with no
 * function gets the line at its end.
 */
import { parseSync } from 'oxc-parser';

/**
 * @param {string} file
 * @param {string} text
 * @param {number} round which round of the bench (each round's edit differs from the last)
 * @returns {string}
 */
export function editedText(file, text, round) {
  const line = `void ${round + 1}; // edited between two lint runs (bench:lint)`;
  const body = firstFunctionBody(file, text);
  if (body === null) return `${text}\n${line}\n`;
  const at = body + 1;
  return `${text.slice(0, at)}\n${line}\n${text.slice(at)}`;
}

/**
 * Where the block body of the first function in the text starts (its `{`), or null.
 * @param {string} file
 * @param {string} text
 * @returns {number | null}
 */
function firstFunctionBody(file, text) {
  const { program } = parseSync(file, text, { range: true, sourceType: 'unambiguous' });
  /** @type {number | null} */
  let first = null;
  /** @param {any} node */
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    const isFunction = node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression';
    if (isFunction && node.body?.type === 'BlockStatement' && (first === null || node.body.range[0] < first)) first = node.body.range[0];
    for (const [key, value] of Object.entries(node)) {
      if (key === 'parent') continue;
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(program);
  return first;
}
