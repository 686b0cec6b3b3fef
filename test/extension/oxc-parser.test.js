/**
 * The editor's TypeScript parser (extension/src/lint/oxc-parser/) gives what @typescript-eslint/parser
 * gives: the same nodes, ranges, locations, tokens, comments, scopes and services on every rule test
 * case and on syntax samples chosen for what a token scan gets wrong (JSX, templates, regular
 * expressions, `>>`, `<<T>`, keywords as names, entities, CRLF); the same error where
 * typescript-eslint refuses a text; and typescript-eslint itself wherever its own path does not go.
 * The same check on 4,000+ real TypeScript files is scripts/equivalence/oxc-parser-equivalence.js.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { rawTransferSupported } from 'oxc-parser';
import * as tsParser from '@typescript-eslint/parser';
import { createOxcParser } from '../../extension/src/lint/oxc-parser/index.js';
import { UNDEFINED_FIELDS } from '../../extension/src/lint/oxc-parser/undefined-fields.js';
import { undefinedFields } from '../../extension/scripts/oxc-parser-fields.mjs';
import { compareParses } from '../../scripts/equivalence/parser-compare.js';
import { mutate, seededRandom } from '../../scripts/equivalence/typing-edits.js';
import { recordedCases } from '../../packages/eslint-plugin-unblock/test/rules/rule-tester.js';
import '../../packages/eslint-plugin-unblock/test/rules/no-await-waterfall.test.js';
import '../../packages/eslint-plugin-unblock/test/rules/no-blocking-sync-call.test.js';
import '../../packages/eslint-plugin-unblock/test/rules/no-loop-waterfall.test.js';

const require = createRequire(import.meta.url);
const samplesDir = new URL('./fixtures/oxc-parser/', import.meta.url);
/** Where raw transfer is missing (Node < 22) every parse is typescript-eslint's: the same checks then hold trivially. */
const OXC = rawTransferSupported() ? 'oxc' : 'fallback';
const samples = fs.readdirSync(samplesDir).sort().map((name) => ({ name, text: fs.readFileSync(new URL(name, samplesDir), 'utf8') }));

/** @param {string} name */
const optionsFor = (name) => /** @type {any} */ ({ sourceType: 'module', ecmaFeatures: { jsx: name.endsWith('x') }, filePath: `/project/${name}`, jsDocParsingMode: 'none', preserveNodeMaps: false });

/**
 * Both parsers on one text: the differences, or whether both refused it with the same message.
 * @param {ReturnType<typeof createOxcParser>} parser
 * @param {string} name
 * @param {string} text
 */
function compareOn(parser, name, text) {
  /** @type {any} */ let reference;
  /** @type {any} */ let ours;
  let referenceError = '';
  let ourError = '';
  try {
    reference = tsParser.parseForESLint(text, optionsFor(name));
  } catch (error) {
    referenceError = String(error);
  }
  try {
    ours = parser.parseForESLint(text, optionsFor(name));
  } catch (error) {
    ourError = String(error);
  }
  if (referenceError || ourError) return { differences: referenceError === ourError ? [] : [`${ourError || 'parsed'} vs ${referenceError || 'parsed'}`], path: parser.lastPath(), refused: true };
  return { differences: compareParses(ours, reference, 5), path: parser.lastPath(), refused: false };
}

describe('extension: the oxc parser equals typescript-eslint', function () {
  this.timeout(120_000);
  const parser = createOxcParser({ fallback: tsParser, ts });

  it('on every syntax sample, through oxc', () => {
    for (const { name, text } of samples) {
      const { differences, path: taken, refused } = compareOn(parser, name, text);
      assert.deepEqual(differences, [], name);
      assert.equal(refused, false, `${name} is meant to parse`);
      assert.equal(taken, OXC, name);
    }
  });

  it('on every rule test case (as .ts and .tsx)', () => {
    let viaOxc = 0;
    let compared = 0;
    for (const { cases } of recordedCases) {
      for (const raw of [...cases.valid, ...cases.invalid]) {
        const testCase = typeof raw === 'string' ? { code: raw } : raw;
        if (testCase.only === 'js') continue;
        for (const name of ['case.ts', 'case.tsx']) {
          const { differences, path: taken } = compareOn(parser, name, testCase.code);
          assert.deepEqual(differences, [], `${name}: ${testCase.code.slice(0, 200)}`);
          compared++;
          if (taken === 'oxc') viaOxc++;
        }
      }
    }
    assert.ok(compared > 500, `${compared} parses compared`);
    if (OXC === 'oxc') assert.ok(viaOxc > compared * 0.9, `${viaOxc} of ${compared} parsed through oxc`);
  });

  it('on texts edited as typing does: the same error, or the same tree', () => {
    const random = seededRandom(23);
    let refusedByBoth = 0;
    for (let i = 0; i < 400; i++) {
      const { name, text } = samples[random(samples.length)];
      const edited = mutate(text, random);
      const { differences, refused } = compareOn(parser, name, edited);
      assert.deepEqual(differences, [], `${name}, edit ${i}: ${JSON.stringify(edited)}`);
      if (refused) refusedByBoth++;
    }
    assert.ok(refusedByBoth > 50, 'many edits make a text that does not parse');
  });

  it('hands texts oxc accepts but typescript-eslint refuses to typescript-eslint, for its error', () => {
    // Each found by trying modifiers in every place, or by the typing edits on real files.
    const refused = [
      'class {}', 'export class {}', 'declare abstract class {}',
      'declare async function f();', 'declare function* g();',
      'for (let a = 1 of b) {}', 'for (let a: T of b) {}', 'for (let a, b of c) {}',
      'class A { default p = 1; }', 'class A { in constructor() {} }', 'class A { out m() {} }', 'class A { readonly get g() { return 1; } }',
      'class A { @dec() readonly m() {} }', 'abstract class A { abstract accessor p = 1; }', 'class A { static async constructor() {} }',
      'type T = {export\n  m(): string\n}', 'type U = `a${\'x\' \'y\' | \'z\'}b`;',
    ];
    for (const code of refused) {
      assert.throws(() => tsParser.parseForESLint(code, optionsFor('x.ts')), undefined, `typescript-eslint refuses ${code}`);
      const { differences, path: taken } = compareOn(parser, 'x.ts', code);
      assert.deepEqual(differences, [], code);
      assert.equal(taken, 'fallback', code);
    }
    // Where the two read a text differently without an error: a modifier word alone on its line before a
    // decorated method is a field to oxc, the method's modifier to TypeScript; a JSDoc type in code.
    for (const code of ['class A {\n  p: string;\ndefault\n  @dec() async m() {}\n}', 'let f = (x: ?T) => x;']) {
      assert.deepEqual(compareOn(parser, 'x.ts', code).differences, [], code);
      assert.equal(parser.lastPath(), 'fallback', code);
    }
    // Words before a member's name that its node accounts for, and comments, do not send a text away.
    for (const code of ['class A { /* in out default */ public static override async m() {} }', 'class A { static get [k]() { return 1; } protected readonly p = 1; declare q: string; }']) {
      assert.deepEqual(compareOn(parser, 'x.ts', code).differences, [], code);
      assert.equal(parser.lastPath(), OXC, code);
    }
  });

  it('gives typescript-eslint\'s own error, line and column for a text that does not parse', () => {
    const code = 'const ok = 1;\nlet broken = ;\n';
    const reference = /** @type {any} */ (captureError(() => tsParser.parseForESLint(code, optionsFor('x.ts'))));
    const ours = /** @type {any} */ (captureError(() => parser.parseForESLint(code, optionsFor('x.ts'))));
    assert.equal(ours.message, reference.message);
    assert.deepEqual([ours.lineNumber, ours.column], [reference.lineNumber, reference.column]);
    assert.equal(parser.lastPath(), 'fallback');
  });

  it('leaves to typescript-eslint what its own path does not cover', () => {
    const code = 'const a: number = 1;';
    const cases = [
      { why: 'a TypeScript module', canUseOxc: () => OXC === 'oxc', options: optionsFor('x.ts'), calls: OXC === 'oxc' ? 0 : 1 },
      { why: 'no raw transfer on this runtime', canUseOxc: () => false, options: optionsFor('x.ts'), calls: 1 },
      { why: 'a script', canUseOxc: () => true, options: { ...optionsFor('x.ts'), sourceType: 'script' }, calls: 1 },
      { why: 'a JavaScript file', canUseOxc: () => true, options: optionsFor('x.js'), calls: 1 },
      { why: 'type-aware options', canUseOxc: () => true, options: { ...optionsFor('x.ts'), project: './tsconfig.json' }, calls: 1 },
    ];
    for (const { why, canUseOxc, options, calls } of cases) {
      let fallbackCalls = 0;
      const fallback = { parseForESLint: (/** @type {string} */ text, /** @type {any} */ given) => { fallbackCalls++; return tsParser.parseForESLint(text, { ...given, project: undefined }); } };
      const candidate = createOxcParser({ fallback, ts, canUseOxc });
      assert.equal(candidate.parseForESLint(code, options).ast.type, 'Program', why);
      assert.equal(fallbackCalls, calls, why);
      assert.equal(candidate.lastPath(), calls ? 'fallback' : 'oxc', why);
    }
  });

  it('has the undefined-not-null fields of the installed typescript-eslint (rerun extension/scripts/oxc-parser-fields.mjs)', () => {
    assert.deepEqual(JSON.parse(JSON.stringify(UNDEFINED_FIELDS)), undefinedFields());
  });

  it('decodes JSX entities from the table typescript-eslint uses', () => {
    const estree = path.dirname(require.resolve('@typescript-eslint/typescript-estree'));
    const { xhtmlEntities } = require(path.join(estree, 'jsx', 'xhtml-entities.js'));
    assert.deepEqual({ ...require('acorn-jsx/xhtml.js') }, { ...xhtmlEntities });
  });
});

/** @param {() => unknown} work */
function captureError(work) {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
