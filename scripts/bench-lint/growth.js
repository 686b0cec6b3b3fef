/**
 * How the Unblock rules' cost grows with file size, on generated request handlers
 * (waterfalls, loops, blocking calls and code the rules must leave alone).
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { generateHandlers } from '../generated-code.js';
import { UNBLOCK_RULES, configWith } from './eslint-runs.js';

/**
 * Prints one line per size: parse time, rule time, rule time per 1,000 lines (best of three).
 * @param {string} cwd any folder (nothing is read from disk)
 */
export async function printGrowth(cwd) {
  console.log('\nGrowth with file size (generated async handlers with waterfalls and blocking calls):');
  console.log('   lines |  parse ms | Unblock rules ms | rules ms per 1k lines');
  for (const count of [100, 500, 1000, 2000]) {
    const code = generateHandlers(count);
    const lineCount = code.split('\n').length;
    const eslint = new ESLint({ cwd, ignore: false, overrideConfigFile: true, overrideConfig: configWith(UNBLOCK_RULES, []), stats: true });
    // Best of three: the series is about shape, not noise.
    let best = { parse: Infinity, rules: Infinity };
    for (let i = 0; i < 3; i++) {
      const [result] = await eslint.lintText(code, { filePath: path.join(cwd, 'generated.js') });
      const pass = result.stats.times.passes[0];
      const rules = UNBLOCK_RULES.reduce((sum, id) => sum + (pass.rules?.[id]?.total ?? 0), 0);
      if (rules < best.rules) best = { parse: pass.parse.total, rules };
    }
    console.log(`${String(lineCount).padStart(8)} | ${best.parse.toFixed(1).padStart(9)} | ${best.rules.toFixed(1).padStart(16)} | ${((best.rules / lineCount) * 1000).toFixed(2).padStart(8)}`);
  }
}
