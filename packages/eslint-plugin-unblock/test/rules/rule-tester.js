/**
 * Runs one rule's cases under every supported combination: ESLint 10, 9 (installed as the
 * `eslint9` alias) and 8.57 (`eslint8`, its flat-config tester; eslintrc is the same rule API,
 * checked in legacy-eslint.test.js), each with espree and with the typescript-eslint parser. A
 * case may carry `only: 'ts'` (TypeScript syntax) or `only: 'js'` (syntax the TS parser rejects,
 * e.g. `with`), and `minEslint: 9` (syntax ESLint 8's espree cannot parse, e.g. `await using`);
 * those tags are stripped before the case reaches RuleTester, which rejects unknown keys.
 * The two ESLint 8.57 variants add some 900 cases and about 25 s to the rule tests.
 */
import { RuleTester as RuleTester10 } from 'eslint';
import { RuleTester as RuleTester9 } from 'eslint9';
import eslint8Internals from 'eslint8/use-at-your-own-risk';
import tsParser from '@typescript-eslint/parser';

/** @typedef {{ only?: 'ts' | 'js', minEslint?: number }} CaseTags */

// ESLint 8.57 exports its flat-config tester only here (CommonJS, so not as a named import).
const RuleTester8 = eslint8Internals.FlatRuleTester;

const variants = [
  { title: 'eslint 10 + espree', RuleTester: RuleTester10, parser: null, kind: 'js', major: 10 },
  { title: 'eslint 9 + espree', RuleTester: RuleTester9, parser: null, kind: 'js', major: 9 },
  { title: 'eslint 8.57 (flat) + espree', RuleTester: RuleTester8, parser: null, kind: 'js', major: 8 },
  { title: 'eslint 10 + typescript-eslint', RuleTester: RuleTester10, parser: tsParser, kind: 'ts', major: 10 },
  { title: 'eslint 9 + typescript-eslint', RuleTester: RuleTester9, parser: tsParser, kind: 'ts', major: 9 },
  { title: 'eslint 8.57 (flat) + typescript-eslint', RuleTester: RuleTester8, parser: tsParser, kind: 'ts', major: 8 },
];

/**
 * Every rule's cases, as handed to runRuleTests: the oxlint parity test lints the same cases
 * with both tools (test/oxlint/parity.test.js).
 * @type {Array<{ name: string, cases: { valid: Array<any>, invalid: Array<any> } }>}
 */
export const recordedCases = [];

/**
 * @param {string} name rule id without prefix
 * @param {any} rule
 * @param {{ valid: Array<any>, invalid: Array<any> }} cases
 */
export function runRuleTests(name, rule, cases) {
  recordedCases.push({ name, cases });
  for (const variant of variants) {
    describe(variant.title, () => {
      const tester = new variant.RuleTester({
        languageOptions: {
          ecmaVersion: 'latest',
          sourceType: 'module',
          ...(variant.parser ? { parser: variant.parser } : {}),
        },
      });
      /** @param {any} testCase */
      const applies = (testCase) => typeof testCase === 'string'
        || ((!testCase.only || testCase.only === variant.kind) && variant.major >= (testCase.minEslint ?? 0));
      /** @param {any} testCase */
      const strip = (testCase) => {
        if (typeof testCase === 'string') return testCase;
        const rest = { ...testCase };
        delete rest.only;
        delete rest.minEslint;
        if (variant.parser && rest.filename === undefined) rest.filename = 'file.ts';
        return rest;
      };
      tester.run(name, rule, {
        valid: cases.valid.filter(applies).map(strip),
        invalid: cases.invalid.filter(applies).map(strip),
      });
    });
  }
}
