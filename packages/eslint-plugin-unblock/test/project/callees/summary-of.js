/**
 * The effect summary of the function named `target` in a module's text, parsed with oxc-parser as
 * imported files are: what the summary tests ask of one body.
 */
import assert from 'node:assert/strict';
import { parseSync, visitorKeys } from 'oxc-parser';
import { createModuleView } from '../../../rules/project/modules/module-view.js';
import { createSummarizer } from '../../../rules/project/callees/summarize.js';
import { valueOfName } from '../../../rules/project/modules/module-values.js';

/**
 * @param {string} code a module declaring `target`
 * @param {(call: any) => 'read' | 'write' | 'unknown'} [kindOfNames] what a call's names say
 */
export function summaryOf(code, kindOfNames = () => 'unknown') {
  const { program } = parseSync('/virtual/module.ts', code, { range: true, preserveParens: false });
  const view = createModuleView('/virtual/module.ts', program);
  const target = valueOfName(view, 'target');
  assert.equal(target?.type, 'function', 'the module declares a function named target');
  const summarizer = createSummarizer({ kindOfNames, visitorKeysOf: () => visitorKeys });
  return summarizer.summaryOfFunction(/** @type {any} */ (target), 1);
}
