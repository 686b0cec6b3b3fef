/**
 * Unit tests of the loop rewrites' edges: names it introduces, globals it
 * relies on, layout and comments, single-statement positions, and which
 * iterated values count as arrays.
 */
import assert from 'node:assert/strict';
import { Linter } from 'eslint';
import { lintLoops, suggestionOutput } from './loop-helpers.js';
import { isKnownArray } from '../../../rules/no-loop-waterfall/loop-arrays.js';
import { getReferenceIndex } from '../../../rules/effects/references.js';
import { isNameFree } from '../../../rules/rewrite/loop-names.js';

/** @param {string} code */
const suggestionsOf = (code, options = {}) => lintLoops(code, { options }).flatMap((message) => message.suggestions ?? []);

describe('loop rewrite: names and globals', () => {
  it('picks names for the entries that nothing in scope or in the loop uses', () => {
    const output = suggestionOutput(
      `async function f(users, key, value, byIdEntries) {
  const byId = {};
  for (const user of users) byId[user.id] = await getUser(user, key, value, byIdEntries);
}`,
      'runTogether',
    );
    assert.match(output, /const entries = await Promise\.all/);
    assert.match(output, /for \(const \[k, v\] of entries\) byId\[k\] = v;/);
  });

  it('keeps the placeholder of an indexed loop clear of names the body uses (lodash `_`)', () => {
    const output = suggestionOutput(
      `import _ from 'lodash';
async function f(list) {
  for (let i = 0; i < list.length; i++) await save(_.pick(list[i], 'id'));
}`,
      'runTogether',
    );
    assert.match(output, /Array\.from\(list, \(_item, i\) => save\(_\.pick\(list\[i\], 'id'\)\)\)/);
  });

  it('offers no rewrite when Promise is shadowed', () => {
    assert.deepEqual(
      suggestionsOf(`async function f(ids, Promise) { for (const id of ids) await remove(id); }`),
      [],
    );
  });

  it('offers no rewrite through Array.from when Array is shadowed', () => {
    const code = `class Array {}
async function f(ids) { for (const id of ids) await remove(id); }`;
    assert.equal(lintLoops(code).length, 1);
    assert.deepEqual(suggestionsOf(code), []);
  });

  it('isNameFree sees names declared above and names used inside the loop', () => {
    const linter = new Linter({ configType: 'flat' });
    const code = `const outer = 1; async function f(xs) { for (const x of xs) await g(x, inner); }`;
    /** @type {any} */
    let loop = null;
    linter.verify(code, [{
      plugins: { t: { rules: { r: { create: (/** @type {any} */ context) => ({ ForOfStatement(node) {
        const { sourceCode } = context;
        loop = { outer: isNameFree(sourceCode, node, 'outer'), inner: isNameFree(sourceCode, node, 'inner'), fresh: isNameFree(sourceCode, node, 'fresh') };
      } }) } } } },
      rules: { 't/r': 'error' },
    }]);
    assert.deepEqual(loop, { outer: false, inner: false, fresh: true });
  });
});

describe('loop rewrite: layout', () => {
  it('keeps comments inside the body and its indentation (tabs)', () => {
    const output = suggestionOutput(
      'async function f(ids) {\n\tfor (const id of ids) {\n\t\t// one request per id\n\t\tawait remove(id);\n\t}\n}',
      'runTogether',
    );
    assert.equal(output, 'async function f(ids) {\n\tawait Promise.all(Array.from(ids, async (id) => {\n\t\t// one request per id\n\t\tawait remove(id);\n\t}));\n}');
  });

  it('gives a braceless multi-line body its own block', () => {
    const output = suggestionOutput(
      `async function f(ids) {
  for (const id of ids)
    await remove(id, {
      force: true,
    });
}`,
      'runTogether',
    );
    assert.equal(output, `async function f(ids) {
  await Promise.all(Array.from(ids, (id) => remove(id, {
      force: true,
    })));
}`);
  });

  it('rewrites a loop in a single-statement position only into one statement', () => {
    const single = suggestionOutput(`async function f(ids, on) { if (on) for (const id of ids) await remove(id); }`, 'runTogether');
    assert.equal(single, `async function f(ids, on) { if (on) await Promise.all(Array.from(ids, (id) => remove(id))); }`);
    // obj[key] = value needs two statements: no rewrite there.
    assert.deepEqual(suggestionsOf(`async function f(ids, on) { const o = {}; if (on) for (const id of ids) o[id] = await load(id); }`), []);
  });

  it('keeps the type annotation of the merged results declaration (TypeScript)', () => {
    const [message] = lintLoops(
      `async function f(ids: string[]) {
  const users: User[] = [];
  for (const id of ids) users.push(await getUser(id));
  return users;
}`,
      { typescript: true },
    );
    const [suggestion] = message.suggestions;
    assert.equal(suggestion.fix.text, 'const users: User[] = await Promise.all(ids.map((id) => getUser(id)));');
  });

  it('follows a file written without semicolons, and guards a next line that starts with [', () => {
    const output = suggestionOutput(
      `async function f (args) {
  const names = []
  for (const a of args) {
    const arg = parse(a)
    if (arg.dir) {
      const { content } = await normalize(arg.dir)
      names.push(content.name)
    } else {
      names.push(arg.name)
    }
  }
  ;[names[0]] = names
  return names
}`,
      'runTogether',
    );
    assert.equal(output, `async function f (args) {
  const names = (await Promise.all(Array.from(args, async (a) => {
    const itemNames = []
    const arg = parse(a)
    if (arg.dir) {
      const { content } = await normalize(arg.dir)
      itemNames.push(content.name)
    } else {
      itemNames.push(arg.name)
    }
    return itemNames
  }))).flat()
  ;[names[0]] = names
  return names
}`);
    // After a loop's closing brace a line may start with [ unguarded; after the rewrite it may not.
    const guarded = suggestionOutput('async function f (ids) {\n  let a = 1\n  for (const id of ids) {\n    await remove(id)\n  }\n  [a] = [2]\n}', 'runTogether');
    assert.equal(guarded, 'async function f (ids) {\n  let a = 1\n  await Promise.all(Array.from(ids, (id) => remove(id)));\n  [a] = [2]\n}');
  });

  it('wraps a loose iterable in parentheses before .map', () => {
    const output = suggestionOutput(
      `async function f(a, b) { for (const id of [...a, ...b].filter(Boolean)) await remove(id); }`,
      'runTogether',
    );
    assert.match(output, /await Promise\.all\(\[\.\.\.a, \.\.\.b\]\.filter\(Boolean\)\.map\(\(id\) => remove\(id\)\)\);/);
  });
});

describe('loop rewrite: which values are arrays', () => {
  /**
   * @param {string} code declarations, then `for (const x of <expr>) …` as the last statement
   */
  function knownArrayOf(code) {
    const linter = new Linter({ configType: 'flat' });
    /** @type {boolean | null} */
    let result = null;
    linter.verify(code, [{
      plugins: { t: { rules: { r: { create: (/** @type {any} */ context) => ({ ForOfStatement(node) {
        const index = getReferenceIndex(context.sourceCode);
        result = isKnownArray(node.right, (id) => {
          const symbol = index.symbolOf(id);
          return symbol && typeof symbol === 'object' && /** @type {any} */ (symbol).defs.length > 0 ? symbol : null;
        });
      } }) } } } },
      rules: { 't/r': 'error' },
      languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    }]);
    return result;
  }

  it('knows literals, Object.keys/values/entries, Array.from, split and array methods of arrays', () => {
    assert.equal(knownArrayOf('for (const x of [1, 2]) ;'), true);
    assert.equal(knownArrayOf('for (const x of Object.entries(o)) ;'), true);
    assert.equal(knownArrayOf('for (const x of Array.from(s)) ;'), true);
    assert.equal(knownArrayOf('for (const x of text.split(",")) ;'), true);
    assert.equal(knownArrayOf('const ids = Object.keys(o).filter(Boolean); for (const x of ids) ;'), true);
  });

  it('does not guess for parameters, holes, Sets, shadowed globals or methods of unknown values', () => {
    assert.equal(knownArrayOf('function f(ids) { for (const x of ids) ; }'), false);
    assert.equal(knownArrayOf('for (const x of [1, , 2]) ;'), false);
    assert.equal(knownArrayOf('const s = new Set(); for (const x of s) ;'), false);
    assert.equal(knownArrayOf('const Object = { keys: () => new Set() }; for (const x of Object.keys(o)) ;'), false);
    assert.equal(knownArrayOf('function f(list) { for (const x of list.filter(Boolean)) ; }'), false);
  });
});
