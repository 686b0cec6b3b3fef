/**
 * The rewrite must change timing only: run each loop before and after the
 * rewrite against stub async work with delays (later items finish first),
 * and compare results, their order, thrown errors, and how many calls were
 * in flight at once.
 */
import assert from 'node:assert/strict';
import { suggestionOutput, createWork } from './loop-helpers.js';

const AsyncFunction = /** @type {FunctionConstructor} */ (Object.getPrototypeOf(async () => {}).constructor);

/**
 * Runs a function body `(items, work) => …` and captures its result or error.
 * @param {string} body
 * @param {unknown} items
 * @param {(item: unknown) => Promise<string>} work
 */
async function run(body, items, work) {
  const fn = new AsyncFunction('items', 'work', body);
  try {
    const value = await fn(items, work);
    return { value: value instanceof Map ? [...value] : value, error: null };
  } catch (error) {
    return { value: undefined, error: /** @type {Error} */ (error).message };
  }
}

/**
 * @param {string} before function body with the loop
 * @param {{ items: unknown, count: number, messageId?: string, options?: object, failing?: unknown[], expectedPeak?: number, stopsEarly?: boolean }} setup
 *   stopsEarly: the original stops at an element that fails (a throw in the body), so it makes fewer calls
 */
async function compare(before, { items, count, messageId = 'runTogether', options = {}, failing = [], expectedPeak = count, stopsEarly = false }) {
  // `work` is a parameter whose body the analysis cannot read and whose name says nothing: such a loop
  // stays silent (its writes cannot be keyed to the element). Declared a read, it stands for independent work.
  const after = suggestionOutput(`async function f(items, work) {\n${before}\n}`, messageId, { readVerbs: ['work'], ...options })
    .replace(/^async function f\(items, work\) \{\n/, '')
    .replace(/\n\}$/, '');
  assert.notEqual(after, before, 'the rewrite changed nothing');
  const original = createWork(count, new Set(failing));
  const rewritten = createWork(count, new Set(failing));
  const resultBefore = await run(before, items, original.work);
  const resultAfter = await run(after, items, rewritten.work);
  assert.deepEqual(resultAfter, resultBefore, `results differ after the rewrite:\n${after}`);
  assert.equal(original.stats.peak, 1, 'the original loop should run one call at a time');
  if (failing.length === 0 && !stopsEarly) {
    assert.deepEqual(new Set(rewritten.stats.calls), new Set(original.stats.calls), 'the same calls are made');
  }
  // Run together, every element's read has started before one fails: the original's calls, and more.
  for (const call of original.stats.calls) assert.ok(rewritten.stats.calls.includes(call), `the rewrite also calls for ${String(call)}`);
  assert.equal(rewritten.stats.peak, expectedPeak, `calls in flight after the rewrite:\n${after}`);
  return after;
}

const letters = ['a', 'b', 'c', 'd', 'e', 'f'];

describe('loop rewrites keep results and errors, and run iterations together', () => {
  it('push into an array declared right before the loop', async () => {
    await compare(
      `  const out = [];
  for (const item of items) {
    const result = await work(item);
    out.push(result.toUpperCase());
  }
  return out;`,
      { items: letters, count: 6 },
    );
  });

  it('push into an array declared earlier (results spread in)', async () => {
    await compare(
      `  const out = ['first'];
  out.push('second');
  for (const item of items) out.push(await work(item));
  return out;`,
      { items: letters, count: 6 },
    );
  });

  it('iterating a Set (Array.from iterates like for…of)', async () => {
    await compare(
      `  const out = [];
  for (const item of new Set(items)) out.push(await work(item));
  return out;`,
      { items: [...letters, 'a', 'b'], count: 6 },
    );
  });

  it('obj[key] = value keeps key order and last-wins on duplicate keys', async () => {
    await compare(
      `  const byKey = {};
  for (const item of items) {
    byKey[item.key] = await work(item.name);
  }
  return JSON.stringify(byKey);`,
      {
        items: [{ key: 'x', name: 'a' }, { key: 'y', name: 'b' }, { key: 'x', name: 'c' }, { key: 'z', name: 'd' }],
        count: 4,
      },
    );
  });

  it('map.set(key, value)', async () => {
    await compare(
      `  const cache = new Map();
  for (const item of items) cache.set(item, await work(item));
  return cache;`,
      { items: letters, count: 6 },
    );
  });

  it('continue skips an iteration', async () => {
    await compare(
      `  const seen = [];
  for (const item of items) {
    if (item === 'c' || item === 'e') continue;
    await work(item);
  }
  return 'ok';`,
      { items: letters, count: 4 },
    );
  });

  it('for…in over an object', async () => {
    await compare(
      `  const out = [];
  for (const key in items) out.push(await work(key + '=' + items[key]));
  return out;`,
      { items: { one: 1, two: 2, three: 3 }, count: 3 },
    );
  });

  it('an indexed loop', async () => {
    await compare(
      `  const out = [];
  for (let i = 0; i < items.length; i++) {
    out.push(await work(items[i] + i));
  }
  return out;`,
      { items: letters, count: 6 },
    );
  });

  it('conditional pushes, several per iteration, and continue (gathered per iteration)', async () => {
    await compare(
      `  const out = [];
  for (const item of items) {
    if (item === 'b') continue;
    const result = await work(item);
    if (item !== 'd') out.push(result);
    if (item === 'e') out.push('extra', result);
  }
  return out;`,
      { items: letters, count: 5 },
    );
  });

  it('pushes of a spread list, the values of each iteration kept together and in order', async () => {
    // Reduced from a Postiz provider that appends each page of avatars it fetches: `loaded.push(...list)`.
    await compare(
      `  const out = [];
  for (const item of items) {
    const result = await work(item);
    out.push(...result.split(''), item);
  }
  return out;`,
      { items: letters, count: 6 },
    );
  });

  it('a throw after the await whose error names no element: the same error, whichever element fails first', async () => {
    // Reduced from a Postiz account deletion (each owned organisation's team read in turn, one fixed error).
    await compare(
      `  for (const item of items) {
    const result = await work(item);
    if (result === 'done:c' || result === 'done:e') throw new RangeError('remove the members first');
  }
  return 'none left';`,
      { items: letters, count: 6, stopsEarly: true },
    );
  });

  it('errors collected in a catch keep their order', async () => {
    await compare(
      `  const errors = [];
  for (const item of items) {
    try {
      await work(item);
    } catch (error) {
      errors.push(error.message);
    }
  }
  return errors;`,
      { items: letters, count: 6, failing: ['b', 'e'] },
    );
  });

  it('conditional obj[key] = value with continue', async () => {
    await compare(
      `  const byKey = {};
  for (const item of items) {
    if (item === 'a') continue;
    const result = await work(item);
    if (item !== 'c') byKey[item] = result;
  }
  return JSON.stringify(byKey);`,
      { items: letters, count: 5 },
    );
  });

  it('the bounded rewrite of gathered pushes', async () => {
    await compare(
      `  const out = [];
  for (const item of items) {
    const result = await work(item);
    if (item !== 'c') out.push(result);
  }
  return out;`,
      { items: letters, count: 6, messageId: 'runBounded', options: { maxConcurrency: 2 }, expectedPeak: 2 },
    );
  });

  it('a failing iteration rejects with the same error', async () => {
    await compare(
      `  const out = [];
  for (const item of items) out.push(await work(item));
  return out;`,
      { items: letters, count: 6, failing: ['d'] },
    );
  });

  it('the bounded rewrite keeps results and never exceeds the limit', async () => {
    const after = await compare(
      `  const out = [];
  for (const item of items) {
    const result = await work(item);
    out.push(result);
  }
  return out;`,
      { items: [...letters, 'g', 'h', 'i', 'j'], count: 10, messageId: 'runBounded', options: { maxConcurrency: 3 }, expectedPeak: 3 },
    );
    assert.match(after, /start \+= 3/);
  });

  it('the bounded rewrite of obj[key] = value', async () => {
    await compare(
      `  const byKey = {};
  for (const item of items) {
    byKey[item] = await work(item);
  }
  return JSON.stringify(byKey);`,
      { items: letters, count: 6, messageId: 'runBounded', options: { maxConcurrency: 4 }, expectedPeak: 4 },
    );
  });

  it('an async forEach: the rewrite waits for every callback', async () => {
    const before = `  const out = [];
  items.forEach(async (item) => {
    out.push(await work(item));
  });
  return out.length;`;
    const after = suggestionOutput(`async function f(items, work) {\n${before}\n}`, 'awaitAll')
      .replace(/^async function f\(items, work\) \{\n/, '')
      .replace(/\n\}$/, '');
    const original = createWork(6);
    const rewritten = createWork(6);
    // The original returns before any callback has finished; the rewrite after all of them.
    assert.deepEqual(await run(before, letters, original.work), { value: 0, error: null });
    assert.deepEqual(await run(after, letters, rewritten.work), { value: 6, error: null });
    assert.equal(rewritten.stats.peak, original.stats.peak, 'forEach already ran the callbacks together');
  });
});
