/**
 * Child script: tells the runner what this Node can do with TypeScript, and whether the files
 * named in argv[2] (a JSON list of paths) hold syntax that type stripping cannot run (an enum, a
 * namespace with values, a parameter property, `import x = require()`): each such file with the
 * line, column and Node's own words. Run with the very Node and flags that will run the servers,
 * so its answer is theirs (node-runtime.js). Prints one JSON object on stdout.
 */
import { readFileSync } from 'node:fs';
import nodeModule from 'node:module';

const files = /** @type {string[]} */ (JSON.parse(process.argv[2] ?? '[]'));
/** @type {((code: string) => string) | undefined} Node's own stripper (22.13 and later) */
const strip = /** @type {any} */ (nodeModule).stripTypeScriptTypes;
const typescript = /** @type {any} */ (process.features).typescript ?? false;

/** @type {Array<{ file: string, line: number | null, column: number | null, message: string }>} */
const problems = [];
if (typescript && typeof strip === 'function') {
  for (const file of files) {
    try {
      strip(readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push({ file, ...locate(error), message: String(/** @type {any} */ (error)?.message ?? error).split('\n')[0] });
    }
  }
}
process.stdout.write(JSON.stringify({ version: process.version, typescript, checked: typeof strip === 'function', problems }));

/**
 * Node's stack for a stripping error starts with `:LINE`, then the code, then a line of carets
 * under the offending part.
 * @param {unknown} error
 */
function locate(error) {
  const lines = String(/** @type {any} */ (error)?.stack ?? '').split('\n');
  const line = /:(\d+)$/.exec(lines[0] ?? '');
  const caret = lines.find((text) => /^\s*\^+\s*$/.test(text));
  return { line: line ? Number(line[1]) : null, column: caret ? caret.indexOf('^') + 1 : null };
}
