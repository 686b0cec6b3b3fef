/**
 * Runs one rule's cases under every supported combination: ESLint 10 and 9
 * (installed as the `eslint9` alias), with espree and with the
 * typescript-eslint parser. A case may carry `only: 'ts'` (TypeScript syntax)
 * or `only: 'js'` (syntax the TS parser rejects, e.g. `with`); that tag is
 * stripped before the case reaches RuleTester, which rejects unknown keys.
 */
import { RuleTester as RuleTester10 } from 'eslint';
import { RuleTester as RuleTester9 } from 'eslint9';
import tsParser from '@typescript-eslint/parser';

/** @typedef {{ only?: 'ts' | 'js' }} CaseTags */

const variants = [
  { title: 'eslint 10 + espree', RuleTester: RuleTester10, parser: null, kind: 'js' },
  { title: 'eslint 9 + espree', RuleTester: RuleTester9, parser: null, kind: 'js' },
  { title: 'eslint 10 + typescript-eslint', RuleTester: RuleTester10, parser: tsParser, kind: 'ts' },
  { title: 'eslint 9 + typescript-eslint', RuleTester: RuleTester9, parser: tsParser, kind: 'ts' },
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
      const applies = (testCase) => typeof testCase === 'string' || !testCase.only || testCase.only === variant.kind;
      /** @param {any} testCase */
      const strip = (testCase) => {
        if (typeof testCase === 'string') return testCase;
        const rest = { ...testCase };
        delete rest.only;
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
