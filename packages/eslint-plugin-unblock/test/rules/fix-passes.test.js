/**
 * The three rules' fixes compose over ESLint's fix passes: a TypeScript file
 * with a sync call inside an await waterfall and a loop waterfall, linted
 * through `ESLint` with `fix: true` on all three rules, ends with no report
 * and no type error. (The sync-call fix adds an unannotated await to a typed
 * group; the waterfall fix must still apply on the next pass.)
 */
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import plugin from '../../index.js';
import { typeErrors } from '../support/typecheck.js';

const DECLARATIONS = `interface User { id: string }
declare const api: {
  getUser(id: string): Promise<User>;
  getOrders(id: string): Promise<string[]>;
  getItem(id: string): Promise<number>;
};
`;

const INPUT = `import { readFileSync } from 'node:fs';
${DECLARATIONS}export async function h(id: string, ids: string[]) {
  const user: User = await api.getUser(id);
  const template = readFileSync(\`/srv/templates/\${id}.html\`, 'utf8');
  const orders: string[] = await api.getOrders(id);
  const items: number[] = [];
  for (const itemId of ids) {
    items.push(await api.getItem(itemId));
  }
  return [user, template, orders, items] as const;
}
`;

const EXPECTED = `import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
${DECLARATIONS}export async function h(id: string, ids: string[]) {
  const [userResult, template, ordersResult, itemsResult] = await Promise.all([
    api.getUser(id) satisfies User | PromiseLike<User>,
    readFile(\`/srv/templates/\${id}.html\`, 'utf8'),
    api.getOrders(id) satisfies string[] | PromiseLike<string[]>,
    Promise.all(ids.map((itemId) => api.getItem(itemId))) satisfies number[] | PromiseLike<number[]>,
  ]);
  const user: User = userResult;
  const orders: string[] = ordersResult;
  const items: number[] = itemsResult;
  return [user, template, orders, items] as const;
}
`;

/** @param {boolean} fix */
function createEslint(fix) {
  return new ESLint({
    overrideConfigFile: true,
    fix,
    overrideConfig: [{
      files: ['**/*.ts'],
      plugins: { unblock: plugin },
      languageOptions: { parser: tsParser },
      rules: {
        'unblock/no-await-waterfall': ['warn', { fix: true }],
        'unblock/no-loop-waterfall': ['warn', { fix: true }],
        'unblock/no-blocking-sync-call': ['warn', { fix: true, includeUnknownCallers: true }],
      },
    }],
  });
}

describe('fixes of the three rules over ESLint fix passes', () => {
  it('the input type-checks and every rule reports on it', async () => {
    assert.deepEqual(typeErrors(INPUT), []);
    const [result] = await createEslint(false).lintText(INPUT, { filePath: 'input.ts' });
    assert.deepEqual([...new Set(result.messages.map((message) => message.ruleId))].sort(), [
      'unblock/no-await-waterfall', 'unblock/no-blocking-sync-call', 'unblock/no-loop-waterfall',
    ]);
  });

  it('ends in one Promise.all with no report and no type error', async () => {
    const [result] = await createEslint(true).lintText(INPUT, { filePath: 'input.ts' });
    assert.equal(result.output, EXPECTED);
    assert.deepEqual(result.messages, []);
    assert.deepEqual(typeErrors(EXPECTED), []);
  });
});
