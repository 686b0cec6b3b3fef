/**
 * The check every waterfall rewrite passes: each call the original awaits
 * is still awaited in the result. The edits here are written by hand, as a
 * faulty rewrite would make them.
 */
import assert from 'node:assert/strict';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { keepsEveryAwait } from '../../rules/rewrite/kept-awaits.js';

/**
 * Whether replacing `from` (its first occurrence in `code`) by `to` keeps every await.
 * @param {string} code
 * @param {string} from
 * @param {string} to
 * @param {boolean} [typescript]
 * @param {string} [filename]
 */
function keeps(code, from, to, typescript = false, filename = typescript ? 'input.ts' : 'input.js') {
  const start = code.indexOf(from);
  assert.ok(start >= 0, `${from} is in the code`);
  /** @type {boolean | null} */
  let answer = null;
  const linter = new Linter();
  const probe = {
    create(/** @type {any} */ context) {
      return { 'Program:exit'() { answer = keepsEveryAwait(context.sourceCode, [{ range: [start, start + from.length], text: to }], typescript); } };
    },
  };
  const messages = linter.verify(code, [{
    files: ['**/*.js', '**/*.ts', '**/*.tsx'],
    plugins: { probe: { rules: { keeps: probe } } },
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', ...(typescript ? { parser: tsParser } : {}) },
    rules: { 'probe/keeps': 'error' },
  }], filename);
  assert.deepEqual(messages, []);
  return answer;
}

const loop = `async function save(settings, data) {
  for (const key of Object.keys(data)) {
    await settings.set(key, data[key]);
  }
}`;
const loopStatement = loop.slice(loop.indexOf('for'), loop.lastIndexOf('}', loop.length - 2) + 1);

describe('keepsEveryAwait', () => {
  it('accepts each call awaited through an awaited Promise.all over map', () => {
    assert.equal(keeps(loop, loopStatement, 'await Promise.all(Object.keys(data).map((key) => settings.set(key, data[key])));'), true);
  });

  it('accepts an awaited call inside an async callback of Array.from', () => {
    assert.equal(keeps(loop, loopStatement, 'await Promise.all(Array.from(Object.keys(data), async (key) => {\n    await settings.set(key, data[key]);\n  }));'), true);
  });

  it('refuses collecting the calls and making them afterwards without await', () => {
    const dropped = 'const entries = Object.keys(data).map((key) => [key, data[key]]);\n  for (const [k, v] of entries) settings.set(k, v);';
    assert.equal(keeps(loop, loopStatement, dropped), false);
  });

  it('refuses a Promise.all whose result nobody awaits', () => {
    assert.equal(keeps(loop, loopStatement, 'Promise.all(Object.keys(data).map((key) => settings.set(key, data[key])));'), false);
  });

  it('refuses an async forEach: its callbacks are not waited for', () => {
    assert.equal(keeps(loop, loopStatement, 'Object.keys(data).forEach(async (key) => {\n    await settings.set(key, data[key]);\n  });'), false);
  });

  const pair = `async function h(f, g) {
  const a = await f();
  const b = await g();
  return [a, b];
}`;
  const statements = 'const a = await f();\n  const b = await g();';

  it('accepts a promise started early and awaited later', () => {
    assert.equal(keeps(pair, statements, 'const bPromise = (async () => g())();\n  const a = await f();\n  const b = await bPromise;'), true);
  });

  it('refuses a promise started early and never awaited', () => {
    assert.equal(keeps(pair, statements, 'const bPromise = g();\n  const a = await f();\n  const b = bPromise;'), false);
  });

  it('accepts an awaited Promise.allSettled list', () => {
    assert.equal(keeps(pair, statements, 'const [a, b] = await Promise.allSettled([f(), g()]);'), true);
  });

  it('accepts callbacks handed to an awaited helper (p-limit)', () => {
    assert.equal(keeps(loop, loopStatement, 'await Promise.all(Object.keys(data).map((key) => limit(() => settings.set(key, data[key]))));'), true);
  });

  it('reads TypeScript', () => {
    const typed = 'async function h(f: () => Promise<number>, g: () => Promise<string>) {\n  const a = await f();\n  const b = await g();\n  return [a, b] as const;\n}';
    assert.equal(keeps(typed, statements, 'const [a, b] = await Promise.all([f(), g()] as const);', true), true);
    assert.equal(keeps(typed, statements, 'const [a, b] = [f(), g()] as const;', true), false);
  });

  it('refuses a result that does not parse', () => {
    assert.equal(keeps(pair, statements, 'const [a, b] = await Promise.all([f(), g()]'), false);
  });

  // Ghost's services keep their collaborators in private fields (`this.#settingsCache`). The method's body is
  // parsed out of its class, where `#name` is undeclared; the check once answered "does not parse" and ten of
  // Ghost's 36 reports went without the rewrite that kept every await.
  const privateFields = `class Service {
  #users;
  #posts;
  async load(id) {
    const a = await this.#users.get(id);
    const b = await this.#posts.list(id);
    return [a, b];
  }
}`;
  const privateStatements = 'const a = await this.#users.get(id);\n    const b = await this.#posts.list(id);';

  it('reads a method body that uses its class\'s private names', () => {
    assert.equal(keeps(privateFields, privateStatements, 'const [a, b] = await Promise.all([this.#users.get(id), this.#posts.list(id)]);'), true);
    assert.equal(keeps(privateFields, privateStatements, 'const [a, b] = [this.#users.get(id), this.#posts.list(id)];'), false);
    assert.equal(keeps(privateFields, privateStatements, 'const [a, b] = await Promise.all([this.#users.get(id), this.#posts.list(id)]);', true), true);
  });

  it('still refuses a body with any other error', () => {
    // The class around the body declares its private names and nothing else: a name declared twice is still an error.
    assert.equal(keeps(privateFields, privateStatements, 'const a = await this.#users.get(id); const a = await this.#posts.list(id);'), false);
  });

  it('reads a body as the method it came from: super, yield in an async generator, JSX in TypeScript', () => {
    // The body is parsed inside a class method of the same kind; a plain function wrapper would
    // reject `super.x` and `yield`, and the .ts grammar reads `<Row />` as a type assertion.
    const method = `class Feed extends Base {
  async *rows(id) {
    const a = await super.load(id);
    const b = await this.more(id);
    yield [a, b];
  }
}`;
    const methodStatements = 'const a = await super.load(id);\n    const b = await this.more(id);';
    assert.equal(keeps(method, methodStatements, 'const [a, b] = await Promise.all([super.load(id), this.more(id)]);'), true);
    assert.equal(keeps(method, methodStatements, 'const [a, b] = [super.load(id), this.more(id)];'), false);
    const view = 'async function View(f: () => Promise<string>, g: () => Promise<string>) {\n  const a = await f();\n  const b = await g();\n  return <p>{a}{b}</p>;\n}';
    assert.equal(keeps(view, statements, 'const [a, b] = await Promise.all([f(), g()]);', true, 'input.tsx'), true);
    assert.equal(keeps(view, statements, 'const [a, b] = [f(), g()];', true, 'input.tsx'), false);
  });

  it('answers a question asked again (an editor linting after an edit elsewhere) as the first time, and a changed one anew', () => {
    // The answers are remembered by the two texts: the same texts get the same answer, a text that differs
    // by one character (the await dropped) is judged on its own.
    const kept = 'await Promise.all(Object.keys(data).map((key) => settings.set(key, data[key])));';
    const dropped = 'Promise.all(Object.keys(data).map((key) => settings.set(key, data[key])));';
    for (let round = 0; round < 2; round++) {
      assert.equal(keeps(loop, loopStatement, kept), true, `round ${round}`);
      assert.equal(keeps(loop, loopStatement, dropped), false, `round ${round}`);
      // The same edit in TypeScript is its own question (another parser configuration).
      assert.equal(keeps(loop, loopStatement, dropped, true), false, `round ${round}`);
    }
  });
});
