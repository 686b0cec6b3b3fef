// The in-process lint as the extension runs it, with the real ESLint Linter, this repo's
// plugin and the TypeScript parser (the same modules the bundle contains).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Linter } from 'eslint/universal';
import * as tsParser from '@typescript-eslint/parser';
import unblock from '../../packages/eslint-plugin-unblock/index.js';
import { createLintRunner } from '../../extension/src/lint/run-lint.js';
import { createLineIndex } from '../../extension/src/mapping/positions.js';
import { toDiagnosticRecord } from '../../extension/src/mapping/diagnostics.js';
import { fixAllText } from '../../extension/src/mapping/fix-all.js';
import { shownMessageOf } from '../../extension/src/mapping/why.js';
import { createProofCollector } from '../../packages/eslint-plugin-unblock/tooling.js';

const { lintText, docsUrls } = createLintRunner({ Linter, plugin: unblock, loadTsParser: () => tsParser });
const settings = { severity: {}, ruleOptions: {} };

const waterfallTs = `interface Db { getUser(id: string): Promise<string>; getOrders(id: string): Promise<string[]> }
export async function load(db: Db, id: string) {
  const user = await db.getUser(id);
  const orders = await db.getOrders(id);
  return { user, orders };
}
`;

/** Applies a 0-based text edit to a text. */
function applyEdit(/** @type {string} */ text, /** @type {import('../../extension/src/mapping/diagnostics.js').TextEdit} */ edit) {
  const index = createLineIndex(text);
  return text.slice(0, index.positionToOffset(edit.range.start)) + edit.newText + text.slice(index.positionToOffset(edit.range.end));
}

describe('extension: in-process lint', () => {
  it('reports a waterfall in TypeScript; its preferred quick fix gives Promise.all and a clean re-lint', () => {
    const result = lintText(waterfallTs, { fileName: 'src/load.ts', languageId: 'typescript', settings });
    assert.equal(result.parseError, undefined);
    const [message] = result.messages;
    assert.equal(message.ruleId, 'unblock/no-await-waterfall');
    const record = toDiagnosticRecord(message, createLineIndex(waterfallTs), { severityFor: () => 'warning', docsUrlFor: (id) => docsUrls[id] });
    assert.deepEqual(record.range.start, { line: 2, character: 2 });
    assert.match(record.code.target, /docs\/rules\/no-await-waterfall\.md$/);
    const fix = record.suggestions.find((s) => s.preferred);
    const fixed = applyEdit(waterfallTs, fix.edit);
    assert.match(fixed, /const \[user, orders\] = await Promise\.all\(\[db\.getUser\(id\), db\.getOrders\(id\)\]\);/);
    assert.deepEqual(lintText(fixed, { fileName: 'src/load.ts', languageId: 'typescript', settings }).messages, []);
  });

  it('reports a blocking sync call in JavaScript (JSX allowed in .js)', () => {
    const source = "import { pbkdf2Sync } from 'node:crypto';\nexport async function hash(req) {\n  const el = <b />;\n  return [el, pbkdf2Sync(req.body, 'salt', 100000, 64, 'sha512')];\n}\n";
    // Nothing calls hash() in this one file: reported once unknown callers are.
    const withUnknownCallers = { severity: {}, ruleOptions: { 'no-blocking-sync-call': { includeUnknownCallers: true } } };
    const result = lintText(source, { fileName: 'hash.js', languageId: 'javascript', settings: withUnknownCallers });
    assert.deepEqual(result.messages.map((m) => m.ruleId), ['unblock/no-blocking-sync-call']);
  });

  it('returns a parse error, not an exception, for half-typed code', () => {
    const result = lintText('export async function f() {\n  const a = await ', { fileName: 'a.ts', languageId: 'typescript', settings });
    assert.deepEqual(result.messages, []);
    assert.match(result.parseError.message, /Parsing error/);
  });

  it('lints a CommonJS .js file with a top-level return by retrying as a script', () => {
    const source = 'if (module.parent) return;\nasync function f(a, b) {\n  const x = await a();\n  const y = await b();\n  return x + y;\n}\nmodule.exports = f;\n';
    const result = lintText(source, { fileName: 'legacy.js', languageId: 'javascript', settings });
    assert.equal(result.parseError, undefined);
    assert.deepEqual(result.messages.map((m) => m.ruleId), ['unblock/no-await-waterfall']);
  });

  it('turns rules off from the settings', () => {
    const result = lintText(waterfallTs, { fileName: 'load.ts', languageId: 'typescript', settings: { severity: { 'no-await-waterfall': 'off' }, ruleOptions: {} } });
    assert.deepEqual(result.messages, []);
  });

  it('passes rule options through, and on invalid ones lints with the defaults and says why', () => {
    const ordered = lintText(waterfallTs, {
      fileName: 'load.ts', languageId: 'typescript',
      settings: { severity: {}, ruleOptions: { 'no-await-waterfall': { orderedCallees: ['db.getUser'] } } },
    });
    assert.deepEqual(ordered.messages, []);
    const invalid = lintText(waterfallTs, { fileName: 'load.ts', languageId: 'typescript', settings: { severity: {}, ruleOptions: { 'no-await-waterfall': { nope: 1 } } } });
    assert.match(invalid.configError, /no-await-waterfall/);
    assert.deepEqual(invalid.messages.map((m) => m.ruleId), ['unblock/no-await-waterfall']);
  });

  it('fix-all rewrites every group in a file', () => {
    const source = `${waterfallTs}export async function two(a: () => Promise<number>, b: () => Promise<number>) {\n  const x = await a();\n  const y = await b();\n  return x + y;\n}\n`;
    const lint = (/** @type {string} */ text) => {
      const result = lintText(text, { fileName: 'two.ts', languageId: 'typescript', settings });
      return result.parseError ? undefined : result.messages;
    };
    const { text, fixed } = fixAllText(source, lint);
    assert.equal(fixed, 2);
    assert.match(text, /const \[x, y\] = await Promise\.all\(\[a\(\), b\(\)\]\);/);
    assert.deepEqual(lint(text), []);
  });

  it('ignores documents in other languages', () => {
    assert.equal(lintText('# hi', { fileName: 'README.md', languageId: 'markdown', settings }), undefined);
  });
});

describe('extension: the project index from the editor', () => {
  const fixtures = new URL('../../packages/eslint-plugin-unblock/test/project/fixtures/', import.meta.url).pathname;
  const lintFixtureFile = (/** @type {string} */ folder, /** @type {string} */ file, /** @type {string} */ cwd) => {
    const text = readFileSync(path.join(fixtures, folder, file), 'utf8');
    return lintText(text, { fileName: file, cwd, languageId: 'javascript', settings })?.messages.map((message) => message.ruleId) ?? [];
  };

  it('reads the imported files when the document has a workspace folder on disk', () => {
    // ensureTenant() INSERTs what settingsFor() reads: only the other files show it.
    assert.deepEqual(lintFixtureFile('ensure-tenant', 'handler.js', path.join(fixtures, 'ensure-tenant')), []);
    assert.deepEqual(lintFixtureFile('reads-across-files', 'handler.js', path.join(fixtures, 'reads-across-files')), ['unblock/no-await-waterfall']);
  });

  it('keeps the single-file analysis for an untitled document (no folder)', () => {
    // Without the other files the two unknown helpers read as independent, as before the index.
    assert.deepEqual(lintFixtureFile('ensure-tenant', 'handler.js', ''), ['unblock/no-await-waterfall']);
  });
});

describe('extension: "Why this warning"', () => {
  it('gives each report its proof, and the hover shows it under the message', () => {
    const withProofs = createLintRunner({ Linter, plugin: unblock, loadTsParser: () => tsParser, createProofCollector });
    const [message] = withProofs.lintText(waterfallTs, { fileName: 'src/load.ts', languageId: 'typescript', settings }).messages;
    // The message keeps its id (quick fixes and the bench read it); the proof comes beside it.
    assert.equal(message.messageId, 'waterfall');
    assert.ok(message.why);
    assert.match(message.why[0], /entry: /);
    assert.ok(message.why.some((line) => /operation: db\.getUser\(id\): read/.test(line)));
    const record = toDiagnosticRecord(message, createLineIndex(waterfallTs), { severityFor: () => 'warning', docsUrlFor: (id) => docsUrls[id] });
    const shown = shownMessageOf(/** @type {any} */ (record));
    assert.ok(shown.startsWith(`${record?.message}\n\nWhy this warning:\nentry: `));
    // Without a collector, the message is the rule's alone.
    const [plain] = lintText(waterfallTs, { fileName: 'src/load.ts', languageId: 'typescript', settings }).messages;
    assert.equal(/** @type {any} */ (plain).why, undefined);
  });
});
