/**
 * Rewrites that would change behaviour (issue 22, cause 3) are not offered,
 * and code that eval or with can reach is not reported at all.
 */
import { runRuleTests } from './rule-tester.js';
import loopRule from '../../rules/no-loop-waterfall.js';
import awaitRule from '../../rules/no-await-waterfall.js';

describe('no-loop-waterfall: a store call is not a Map collector', () => {
  runRuleTests('no-loop-waterfall', loopRule, {
    valid: [],
    invalid: [
      {
        // `settings` is an async store, not a Map the function made: each `set` stays awaited in the rewrite
        // (it used to be collected into pairs and called afterwards without await).
        options: [{ includeWrites: true }],
        code: `async function saveSettings(settings, data) {
  for (const key of Object.keys(data)) {
    await settings.set(key, data[key]);
  }
}`,
        errors: [
          {
            messageId: 'loopWaterfall',
            line: 2,
            suggestions: [
              {
                messageId: 'runTogether',
                output: `async function saveSettings(settings, data) {
  await Promise.all(Object.keys(data).map((key) => settings.set(key, data[key])));
}`,
              },
            ],
          },
        ],
      },
      {
        // A Map the function made is a collector: its pairs are set after Promise.all, in order
        // (TypeScript adds \`as const\` to the pair: covered in no-loop-waterfall.test.js).
        only: 'js',
        code: `async function loadAll(ids) {
  const byId = new Map();
  for (const id of ids) {
    byId.set(id, await load(id));
  }
  return byId;
}`,
        errors: [
          {
            messageId: 'loopWaterfall',
            line: 3,
            suggestions: [
              {
                messageId: 'runTogether',
                output: `async function loadAll(ids) {
  const byId = new Map();
  const byIdEntries = await Promise.all(Array.from(ids, async (id) => {
    return [id, await load(id)];
  }));
  for (const [key, value] of byIdEntries) byId.set(key, value);
  return byId;
}`,
              },
            ],
          },
        ],
      },
    ],
  });
});

describe('no-await-waterfall: eval and with reach the bindings', () => {
  runRuleTests('no-await-waterfall', awaitRule, {
    valid: [
      // eval('a.x') reads `a`: the second call depends on the first, though scope analysis sees no reference.
      `async function h(f, g) {
  const a = await f();
  const b = await g(eval('a.x'));
  return b;
}`,
      // An eval anywhere in the function can read either result.
      `async function h(f, g, code) {
  const a = await f();
  const b = await g();
  return eval(code);
}`,
      // Inside with, \`x\` may be a property of obj written by the first call.
      {
        code: `async function h(obj, f, g) {
  with (obj) {
    const a = await f();
    const b = await g(x);
  }
}`,
        languageOptions: { sourceType: 'script' },
        only: 'js',
      },
    ],
    invalid: [
      {
        // A local function named eval is not the global eval: the awaits stay independent.
        code: `async function h(f, g) {
  const evaluate = (s) => s;
  const a = await f();
  const b = await g(evaluate('a.x'));
  return [a, b];
}`,
        errors: [
          {
            messageId: 'waterfall',
            line: 3,
            suggestions: [
              {
                messageId: 'startTogether',
                output: `async function h(f, g) {
  const evaluate = (s) => s;
  const [a, b] = await Promise.all([f(), g(evaluate('a.x'))]);
  return [a, b];
}`,
              },
            ],
          },
        ],
      },
    ],
  });
});
