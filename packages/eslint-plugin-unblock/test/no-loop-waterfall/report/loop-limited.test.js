/**
 * The bounded loop rewrite through p-map / p-limit: the exact output for
 * ES-module, CommonJS and TypeScript files of packages that depend on one,
 * reuse of the file's own import under any name, and every case where it is
 * not offered (no runtime dependency, an ES-module-only major the file cannot
 * load, a short fixed list without `maxConcurrency`).
 */
import assert from 'node:assert/strict';
import { Linter } from 'eslint';
import path from 'node:path';
import rule from '../../../rules/no-loop-waterfall.js';
import { lintInProject, limitedOutput, suggestionIds, limitedFixtures } from './limited-helpers.js';

const LOOP = `export async function notify(users) {
  for (const user of users) {
    await mailer.send(user.email);
  }
}
`;

describe('loop rewrite with p-map / p-limit', () => {
  describe('exact output', () => {
    it('ES module: adds `import pMap` after the imports; results collected in input order', () => {
      const code = `import { db } from './db.js';

export async function load(ids) {
  const users = [];
  for (const id of ids) {
    users.push(await db.getUser(id));
  }
  return users;
}
`;
      assert.equal(limitedOutput(code, 'runBoundedWith', { project: 'esm-p-map' }), `import { db } from './db.js';
import pMap from 'p-map';

export async function load(ids) {
  const users = await pMap(ids, (id) => db.getUser(id), { concurrency: 10 });
  return users;
}
`);
    });

    it('the unbounded Promise.all suggestion stays first', () => {
      assert.deepEqual(suggestionIds(LOOP, { project: 'esm-p-map' }), ['runTogether', 'runBoundedWith']);
      const [message] = lintInProject(LOOP, { project: 'esm-p-map' });
      assert.equal(message.suggestions?.[1].desc, 'Run the iterations with p-map, at most 10 at a time.');
    });

    it('CommonJS with p-map 4 (module.exports is the function): `const pMap = require(…)` after the requires', () => {
      const code = `'use strict';
const db = require('./db');

async function load(ids) {
  for (const id of ids) {
    await db.touch(id);
  }
}
module.exports = { load };
`;
      assert.equal(limitedOutput(code, 'runBoundedWith', { project: 'cjs-p-map-4', sourceType: 'commonjs' }), `'use strict';
const db = require('./db');
const pMap = require('p-map');

async function load(ids) {
  await pMap(ids, (id) => db.touch(id), { concurrency: 10 });
}
module.exports = { load };
`);
    });

    it('TypeScript: a Map filled from the results keeps its types', () => {
      const code = `import { db } from './db.js';

export async function names(ids: string[]) {
  const byId = new Map<string, string>();
  for (const id of ids) {
    const user = await db.getUser(id);
    byId.set(id, user.name);
  }
  return byId;
}
`;
      assert.equal(limitedOutput(code, 'runBoundedWith', { project: 'esm-p-map', file: 'routes.ts' }), `import { db } from './db.js';
import pMap from 'p-map';

export async function names(ids: string[]) {
  const byId = new Map<string, string>();
  const byIdEntries = await pMap(ids, async (id) => {
    const user = await db.getUser(id);
    return [id, user.name] as const;
  }, { concurrency: 10 });
  for (const [key, value] of byIdEntries) byId.set(key, value);
  return byId;
}
`);
    });

    it('reuses the file\'s own import under another name, adding nothing', () => {
      const code = `import mapLimited from 'p-map';

${LOOP}`;
      assert.equal(limitedOutput(code, 'runBoundedWith', { project: 'esm-p-map' }), `import mapLimited from 'p-map';

export async function notify(users) {
  await mapLimited(users, (user) => mailer.send(user.email), { concurrency: 10 });
}
`);
    });

    it('reuses a CommonJS require under another name', () => {
      const code = `const throttled = require('p-map');
async function notify(users) {
  for (const user of users) await mailer.send(user.email);
}
module.exports = notify;
`;
      assert.equal(limitedOutput(code, 'runBoundedWith', { project: 'cjs-p-map-4', sourceType: 'commonjs' }), `const throttled = require('p-map');
async function notify(users) {
  await throttled(users, (user) => mailer.send(user.email), { concurrency: 10 });
}
module.exports = notify;
`);
    });

    it('p-limit: one limiter made where the loop was, each iteration wrapped in it', () => {
      const code = `import { db } from './db.js';

export async function audit(rows) {
  const out = [];
  for (const row of rows) {
    const owner = await db.getOwner(row.ownerId);
    out.push({ row, owner });
  }
  return out;
}
`;
      assert.equal(limitedOutput(code, 'runBoundedWith', { project: 'esm-p-limit' }), `import { db } from './db.js';
import pLimit from 'p-limit';

export async function audit(rows) {
  const limit = pLimit(10);
  const out = await Promise.all(Array.from(rows, (row) => limit(async () => {
    const owner = await db.getOwner(row.ownerId);
    return { row, owner };
  })));
  return out;
}
`);
    });

    it('p-limit 3 in CommonJS with maxConcurrency, over a list of unknown type (Array.from, as for…of iterates)', () => {
      const code = `const db = require('./db');
async function touchAll(ids) {
  for (const id of ids) {
    await db.touch(id);
  }
}
module.exports = touchAll;
`;
      assert.equal(limitedOutput(code, 'runBoundedWith', { project: 'cjs-p-limit-3', sourceType: 'commonjs', options: { maxConcurrency: 3 } }), `const db = require('./db');
const pLimit = require('p-limit');
async function touchAll(ids) {
  const limit = pLimit(3);
  await Promise.all(Array.from(ids, (id) => limit(() => db.touch(id))));
}
module.exports = touchAll;
`);
    });

    it('with both dependencies, p-map (it maps a list directly)', () => {
      assert.match(limitedOutput(LOOP, 'runBoundedWith', { project: 'both' }), /^import pMap from 'p-map';\n/);
    });

    it('a for…in loop maps the object\'s keys', () => {
      // `load` reads: a method of a parameter whose name said nothing would keep the loop sequential.
      const code = `export async function warm(cache, byKey) {
  for (const key in byKey) {
    await cache.load(key);
  }
}
`;
      assert.equal(limitedOutput(code, 'runBoundedWith', { project: 'esm-p-map' }), `import pMap from 'p-map';
export async function warm(cache, byKey) {
  await pMap(Object.keys(byKey), (key) => cache.load(key), { concurrency: 10 });
}
`);
    });

    it('an indexed loop over a query result: p-map walks a copy, so every index is visited as the loop did', () => {
      const code = `export async function renumber(knex, table) {
  const ids = await knex.select('id').from(table);
  for (let i = 0; i < ids.length; i++) await knex(table).update({ sort: i + 1 }).where(ids[i]);
}
`;
      assert.equal(limitedOutput(code, 'runBoundedWith', { project: 'esm-p-map' }), `import pMap from 'p-map';
export async function renumber(knex, table) {
  const ids = await knex.select('id').from(table);
  await pMap(Array.from(ids), (_, i) => knex(table).update({ sort: i + 1 }).where(ids[i]), { concurrency: 10 });
}
`);
    });

    it('maxConcurrency sets the limit', () => {
      assert.match(limitedOutput(LOOP, 'runBoundedWith', { project: 'esm-p-map', options: { maxConcurrency: 4 } }), /\{ concurrency: 4 \}/);
    });

    it('fix: true with maxConcurrency applies the p-map rewrite and its import in one pass', () => {
      const cwd = path.join(limitedFixtures, 'esm-p-map');
      const { output } = new Linter({ cwd }).verifyAndFix(LOOP, [{
        files: ['**/*.js'],
        plugins: { unblock: { rules: { 'no-loop-waterfall': rule } } },
        rules: { 'unblock/no-loop-waterfall': ['warn', { fix: true, maxConcurrency: 5, includeWrites: true }] },
      }], path.join(cwd, 'routes.js'));
      assert.equal(output, `import pMap from 'p-map';
export async function notify(users) {
  await pMap(users, (user) => mailer.send(user.email), { concurrency: 5 });
}
`);
    });
  });

  describe('which lists get it unasked (without maxConcurrency)', () => {
    /** @param {string} code */
    const offered = (code) => suggestionIds(code, { project: 'esm-p-map' }).includes('runBoundedWith');

    it('an argument, a query result, a part of one, a list derived from one', () => {
      assert.ok(offered(LOOP));
      assert.ok(offered(`export async function f(db) { const rows = await db.query('SELECT id FROM t'); for (const row of rows) await db.touch(row.id); }`));
      assert.ok(offered(`export async function f(db) { const { rows } = await db.query('SELECT id FROM t'); for (const row of rows) await db.touch(row.id); }`));
      assert.ok(offered(`export async function f(req, db) { for (const id of req.body.ids) await db.touch(id); }`));
      assert.ok(offered(`export async function f(users, db) { for (const id of users.filter((u) => u.active).map((u) => u.id)) await db.touch(id); }`));
      assert.ok(offered(`export async function f(byId, db) { for (const id of Object.keys(byId)) await db.touch(id); }`));
      assert.ok(offered(`export async function f(ids, db) { for (const id of new Set(ids)) await db.touch(id); }`));
    });

    // A short list written in the code gains nothing from a limit: the suggestion would be noise.
    it('not a literal list, a constant list, a list the code builds, an import, a re-assigned variable', () => {
      assert.ok(!offered(`export async function f(db) { for (const t of ['users', 'teams']) await db.truncate(t); }`));
      assert.ok(!offered(`const TABLES = ['users', 'teams'];\nexport async function f(db) { for (const t of TABLES) await db.truncate(t); }`));
      assert.ok(!offered(`import { TABLES } from './tables.js';\nexport async function f(db) { for (const t of TABLES) await db.truncate(t); }`));
      assert.ok(!offered(`export async function f(db, a, b) { const ids = []; ids.push(a, b); for (const id of ids) await db.touch(id); }`));
      assert.ok(!offered(`export async function f(db, ids) { let list = ids; list = ['a']; for (const id of list) await db.touch(id); }`));
      assert.ok(!offered(`export class Jobs { async f(db) { for (const id of this.ids) await db.touch(id); } }`));
    });

    it('any list once maxConcurrency is set', () => {
      const ids = suggestionIds(`export async function f(db) { for (const t of ['users', 'teams']) await db.truncate(t); }`, { project: 'esm-p-map', options: { maxConcurrency: 2 } });
      assert.deepEqual(ids, ['runTogether', 'runBoundedWith']);
    });
  });

  describe('not offered where it would not load or is not a dependency', () => {
    it('neither dependency: the chunked form only with maxConcurrency, as before', () => {
      assert.deepEqual(suggestionIds(LOOP, { project: 'neither' }), ['runTogether']);
      assert.deepEqual(suggestionIds(LOOP, { project: 'neither', options: { maxConcurrency: 3 } }), ['runTogether', 'runBounded']);
    });

    // Server code runs where `npm ci --omit=dev` installed it: a devDependency may be absent.
    it('a devDependency does not count', () => {
      assert.deepEqual(suggestionIds(LOOP, { project: 'dev-only' }), ['runTogether']);
    });

    // p-map 7 is an ES module only: `require('p-map')` throws ERR_REQUIRE_ESM before Node 20.19 / 22.12 and gives
    // a namespace object (not the function) after, so a CommonJS file gets the chunked form or nothing.
    it('an ES-module-only major in a CommonJS file: not offered (chunked form with maxConcurrency)', () => {
      const code = `const mailer = require('./mailer');
async function notify(users) {
  for (const user of users) await mailer.send(user.email);
}
module.exports = notify;
`;
      assert.deepEqual(suggestionIds(code, { project: 'cjs-p-map-7', sourceType: 'commonjs' }), ['runTogether']);
      assert.deepEqual(suggestionIds(code, { project: 'cjs-p-map-7', sourceType: 'commonjs', options: { maxConcurrency: 3 } }), ['runTogether', 'runBounded']);
      // Nor through the file's own require of it: that binding holds a namespace object.
      assert.deepEqual(suggestionIds(`const pMap = require('p-map');\n${code}`, { project: 'cjs-p-map-7', sourceType: 'commonjs' }), ['runTogether']);
      // A .cjs file in an ES-module package is CommonJS too.
      assert.deepEqual(suggestionIds(code, { project: 'esm-p-map', file: 'legacy.cjs', sourceType: 'commonjs' }), ['runTogether']);
    });

    // `import` in a package without "type": "module" is compiled (Babel, tsc) into `require`, which an ES-module-only
    // major does not survive; a CommonJS major does under Babel's interop, but TypeScript needs esModuleInterop for it.
    it('ES syntax in a CommonJS package: only a CommonJS major, only in JavaScript', () => {
      assert.deepEqual(suggestionIds(LOOP, { project: 'cjs-p-map-7' }), ['runTogether']);
      assert.match(limitedOutput(LOOP, 'runBoundedWith', { project: 'cjs-p-map-4' }), /^import pMap from 'p-map';\n/);
      assert.deepEqual(suggestionIds(LOOP.replace('(users)', '(users: string[])'), { project: 'cjs-p-map-4', file: 'routes.ts' }), ['runTogether']);
    });

    it('an .mjs file in a CommonJS package is an ES module: any major', () => {
      assert.match(limitedOutput(LOOP, 'runBoundedWith', { project: 'cjs-p-map-7', file: 'routes.mjs' }), /^import pMap from 'p-map';\n/);
    });

    it('a namespace import, or `pMap` taken by something else: no second import', () => {
      assert.deepEqual(suggestionIds(`import * as pm from 'p-map';\n${LOOP}`, { project: 'esm-p-map' }), ['runTogether']);
      assert.deepEqual(suggestionIds(`import { pMap } from './own-helpers.js';\n${LOOP}`, { project: 'esm-p-map' }), ['runTogether']);
    });

    it('code without a file (`<input>`) has no package', () => {
      const messages = new Linter().verify(LOOP, [{
        plugins: { unblock: { rules: { 'no-loop-waterfall': rule } } },
        rules: { 'unblock/no-loop-waterfall': ['warn', { includeWrites: true }] },
      }]);
      assert.deepEqual(messages[0].suggestions?.map((suggestion) => suggestion.messageId), ['runTogether']);
    });
  });
});
