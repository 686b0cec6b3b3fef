#!/usr/bin/env node
/**
 * Kept verdicts (packages/eslint-plugin-unblock/rules/verdicts/) against a run with the cache off, on
 * real code after real edits: for each labeled JavaScript backend (../shared/realcode, extracted by
 * its score.mjs), a private copy is linted once to fill its cache, then edited and linted again with
 * the cache and with it off, in fresh processes; the two runs' reports must be the same, message for
 * message. The edits are those bench:lint makes (a line of code in the first function: it changes that
 * function and moves every one below it), in the file nobody imports and in the file most others
 * import, and a third: the most imported file with its last function removed (what called it loses a
 * callee, what read its name finds it missing).
 *
 *   node scripts/equivalence/kept-verdicts.js [--backends nodebb,emailengine]
 *
 * Prints one line per backend and edit, with how many verdicts the warm run reused, and exits 1 when
 * any pair of runs differs (the differences are printed).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UNBLOCK_RULES, lintAllInChild } from '../bench-lint/eslint-runs.js';
import { copyOf } from '../bench-lint/cache-runs.js';
import { leastImported, mostImported } from '../bench-lint/changed-files.js';
import { editedText } from '../bench-lint/code-edit.js';
import { labeledJavaScriptBackends } from '../bench-lint/labeled-backends.js';
import { removedOnSignal } from '../bench-lint/script-options.js';

const args = process.argv.slice(2);
const only = args.includes('--backends') ? new Set(args[args.indexOf('--backends') + 1].split(',')) : null;
const backends = labeledJavaScriptBackends().filter((backend) => !only || only.has(backend.name));
if (backends.length === 0) {
  console.error('no labeled JavaScript backend extracted: run node ../shared/realcode/score.mjs once');
  process.exit(2);
}

// Each lint process says how many verdicts it reused (inherited by the lint children).
process.env.UNBLOCK_CACHE_STATS = '1';
/** @type {string[]} */
const temporaries = [];
removedOnSignal(temporaries);
let differing = 0;
try {
  for (const backend of backends) {
    const code = copyOf(backend.name, backend.root, backend.files, backend.roots);
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-verdicts-cache-'));
    temporaries.push(code.dir, cache);
    const base = { cwd: code.dir, files: code.files, roots: code.roots, rules: UNBLOCK_RULES };
    await lintAllInChild({ ...base, cache });
    const leaf = leastImported(code.files);
    const hub = mostImported(code.files);
    const edits = [
      ['a line in the first function of the file nobody imports', leaf, (/** @type {string} */ text) => editedText(leaf, text, 0)],
      ['a line in the first function of the most imported file', hub, (/** @type {string} */ text) => editedText(hub, text, 1)],
      ['the most imported file without its last function', hub, (/** @type {string} */ text) => withoutLastFunction(text)],
    ];
    for (const [what, file, edit] of /** @type {Array<[string, string, (text: string) => string]>} */ (edits)) {
      const original = fs.readFileSync(file, 'utf8');
      fs.writeFileSync(file, edit(original));
      try {
        let stats = '';
        const warm = await lintAllInChild({ ...base, cache }, { stderr: (text) => (stats += text) });
        const off = await lintAllInChild({ ...base, cache: false });
        const reused = /verdicts \(one per rule and file\) (\d+) reused, (\d+) made/.exec(stats);
        const problems = differences(warm.messages, off.messages, code.dir);
        differing += problems.length > 0 ? 1 : 0;
        console.log(`${backend.name.padEnd(14)} ${path.relative(code.dir, file)}: ${what}: ${problems.length === 0 ? 'identical' : 'DIFFERENT'} (${off.messages.length} reports; verdicts ${reused ? `${reused[1]} reused, ${reused[2]} made` : 'not counted'})`);
        for (const line of problems) console.log(`    ${line}`);
      } finally {
        fs.writeFileSync(file, original);
      }
    }
  }
} finally {
  for (const dir of temporaries) fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(differing > 0 ? 1 : 0);

/**
 * The reports one run made and the other did not, as lines.
 * @param {import('../bench-lint/eslint-runs.js').LintRun['messages']} warm
 * @param {import('../bench-lint/eslint-runs.js').LintRun['messages']} off
 * @param {string} dir
 */
function differences(warm, off, dir) {
  const line = (/** @type {typeof warm[number]} */ m) => `${path.relative(dir, m.file)}:${m.line}:${m.column} ${m.ruleId} ${m.message}`;
  const warmLines = warm.map(line);
  const offLines = off.map(line);
  return [...warmLines.filter((l) => !offLines.includes(l)).map((l) => `kept only: ${l}`), ...offLines.filter((l) => !warmLines.includes(l)).map((l) => `cache off only: ${l}`)];
}

/**
 * The text without its last top-level function declaration (exported or not); the text when it has none.
 * @param {string} text
 */
function withoutLastFunction(text) {
  const starts = [...text.matchAll(/^(?:export\s+)?(?:async\s+)?function\s+\w+\s*\(/gm)];
  const last = starts.at(-1);
  if (!last || last.index === undefined) return `${text}\n// edited: no function to remove\n`;
  const open = text.indexOf('{', last.index);
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    if (text[at] === '{') depth++;
    else if (text[at] === '}' && --depth === 0) return text.slice(0, last.index) + text.slice(at + 1);
  }
  return text;
}
