/**
 * Reuse between two lints of the same file (rules/reuse/): an editor lints again after every
 * edit, and the units the edit cannot reach keep their reports, moved to where they are now. Every
 * test lints a text, edits it and compares the lint that may reuse with a lint of the same text that
 * does not: the reports, their places and every suggestion's text must be the same. The counts of
 * reused units show which lints reused: an edit that reaches a unit must have it analysed again.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import { Linter as Linter9 } from 'eslint9';
import tsParser from '@typescript-eslint/parser';
import plugin from '../../index.js';
import { setUnitReuse, forgetKeptLints, unitReuseCounts } from '../../rules/reuse/unit-reuse.js';
import { setLintBudget } from '../../rules/project/bounds/lint-bounds.js';

/** ESLint 10 and 9: both call a report's fixes while it is made, which is when they are recorded. */
const LINTERS = [{ title: 'eslint 10', linter: new Linter() }, { title: 'eslint 9', linter: new Linter9() }];

/**
 * @param {{ typescript?: boolean, sourceType?: 'module' | 'commonjs', options?: object }} how
 * @returns {any[]}
 */
function configOf({ typescript = false, sourceType = 'commonjs', options } = {}) {
  const rules = options ? { ...plugin.configs.recommended.rules, 'unblock/no-await-waterfall': ['warn', options] } : plugin.configs.recommended.rules;
  return [{
    files: ['**/*.js', '**/*.ts'],
    ...plugin.configs.recommended,
    rules,
    languageOptions: typescript ? { parser: tsParser, sourceType: /** @type {const} */ ('module') } : { sourceType },
  }];
}

/** Everything a user sees of a report. @param {import('eslint').Linter.LintMessage} m */
const shown = (m) => JSON.stringify([m.line, m.column, m.endLine, m.endColumn, m.ruleId, m.message, m.fix ?? null, (m.suggestions ?? []).map((s) => [s.desc, s.fix])]);

/**
 * Lints `before` (twice: the first lint of a file records only its reports), then `after` with reuse
 * and without.
 * @param {string} before
 * @param {string} after
 * @param {{ filename?: string, config?: any[], afterConfig?: any[], linter?: any }} [how]
 */
function editAndLint(before, after, { filename = 'service.js', config = configOf(), afterConfig = config, linter = LINTERS[0].linter } = {}) {
  forgetKeptLints();
  const lint = (/** @type {string} */ text, /** @type {any[]} */ chosen) => linter.verify(text, chosen, { filename }).map(/** @type {any} */ (shown));
  const was = lint(before, config);
  lint(before, config);
  const skippedBefore = unitReuseCounts().skipped;
  const reused = lint(after, afterConfig);
  const skippedPlaces = unitReuseCounts().skipped - skippedBefore;
  setUnitReuse(false);
  try {
    return { was, reused, fresh: lint(after, afterConfig), skippedPlaces };
  } finally {
    setUnitReuse(true);
  }
}

const twoServices = `async function profile(db, id) {
  const user = await db.getUser(id);
  const posts = await db.getPosts(id);
  return { user, posts };
}

async function dashboard(api, id) {
  const stats = await api.getStats(id);
  const alerts = await api.getAlerts(id);
  return { stats, alerts };
}
module.exports = { profile, dashboard };
`;

describe('reuse between lints of an edited file', () => {
  for (const { title, linter } of LINTERS) {
    it(`keeps the reports of a function the edit does not reach, moved with their suggestions to the new lines (${title})`, () => {
      const after = twoServices.replace('  return { user, posts };', '  console.log(user);\n  return { user, posts };');
      const { was, reused, fresh, skippedPlaces } = editAndLint(twoServices, after, { linter });
      assert.deepEqual(reused, fresh);
      assert.equal(fresh.length, 2);
      assert.ok(skippedPlaces >= 1, 'the second function was not analysed again');
      // The second report moved one line down, and its suggestion's range with it.
      assert.equal(JSON.parse(was[1])[0] + 1, JSON.parse(fresh[1])[0]);
    });
  }

  it('analyses a caller again when the body of a function it calls changed (a read became a write)', () => {
    const before = `async function loadUser(db, id) { return db.users.findOne(id); }
async function page(db, id) {
  const user = await loadUser(db, id);
  const orders = await loadOrders(db, id);
  return [user, orders];
}
async function loadOrders(db, id) { return db.orders.find(id); }
module.exports = { page };
`;
    const { was, reused, fresh } = editAndLint(before, before.replace('return db.users.findOne(id);', 'return db.orders.insertOne({ id });'));
    assert.equal(was.length, 1, 'the waterfall is reported before the edit');
    assert.deepEqual(fresh, [], 'a write to the table the other call reads orders them');
    assert.deepEqual(reused, fresh);
  });

  it('analyses a function again when the code that calls it changed (now a route reaches it)', () => {
    const before = `const express = require('express');
const app = express();
async function warm(db) {
  const a = await db.getA();
  const b = await db.getB();
  return [a, b];
}
async function main(db) {
  await warm(db);
}
main(require('./db'));
`;
    const after = before.replace('async function main(db) {\n  await warm(db);', 'async function main(db) {\n  app.get("/x", async (req, res) => res.json(await warm(db)));');
    const { was, reused, fresh } = editAndLint(before, after);
    assert.ok(!was[0].includes('GET /x'));
    assert.ok(fresh[0].includes('reached from GET /x'));
    assert.deepEqual(reused, fresh);
  });

  it('keeps the reports of the other methods of a class when one method is edited (TypeScript)', () => {
    const before = `export class Reports {
  constructor(private readonly api: { get(path: string): Promise<number> }) {}

  async daily(): Promise<number[]> {
    const a = await this.api.get('/a');
    const b = await this.api.get('/b');
    return [a, b];
  }

  async weekly(): Promise<number[]> {
    const c = await this.api.get('/c');
    const d = await this.api.get('/d');
    return [c, d];
  }
}
`;
    const after = before.replace("    return [a, b];", "    const total: number = a + b;\n    return [a, b, total];");
    const config = configOf({ typescript: true });
    const { reused, fresh, skippedPlaces } = editAndLint(before, after, { filename: 'reports.ts', config });
    assert.equal(fresh.length, 2);
    assert.deepEqual(reused, fresh);
    assert.ok(skippedPlaces >= 1, 'weekly() was not analysed again');
  });

  it('analyses again a function whose rewrite names a result after what no code in the file uses (TypeScript)', () => {
    // The rewrite of the first function names the result `userResult`, or `userResult2` once any code uses `userResult`.
    const before = `export async function first(db: Db, id: string) {
  const user = (await db.getUser(id))!;
  const posts = (await db.getPosts(id))!;
  return { user, posts };
}

export async function second(db: Db, id: string) {
  const total = 1;
  return total;
}
`;
    const after = before.replace('  const total = 1;', '  const userResult = 2;\n  const total = userResult;');
    const { was, reused, fresh } = editAndLint(before, after, { filename: 'service.ts', config: configOf({ typescript: true }) });
    assert.ok(was[0].includes('userResult!'), 'the rewrite names the result userResult before the edit');
    assert.ok(fresh[0].includes('userResult2!'), 'and userResult2 after it');
    assert.deepEqual(reused, fresh);
  });

  it('analyses again a function whose start-early rewrite names a promise after what no scope of the file uses', () => {
    const before = `async function page(id) {
  const user = await getUser(id);
  const orders = await getOrders(user);
  const config = await getConfig();
  return [orders, config];
}

function other() {
  return 1;
}
`;
    // An undeclared name read in another function is a global the whole file sees: the promise becomes configPromise2.
    const after = before.replace('  return 1;', '  return configPromise;');
    const { was, reused, fresh } = editAndLint(before, after);
    assert.ok(was[0].includes('const configPromise = '), 'the rewrite names the promise configPromise before the edit');
    assert.ok(fresh[0].includes('const configPromise2 = '), 'and configPromise2 after it');
    assert.deepEqual(reused, fresh);
  });

  it('reuses nothing when the edited function calls eval, which makes every scope around it dynamic', () => {
    const after = twoServices.replace('  return { user, posts };', '  eval(user);\n  return { user, posts };');
    const { reused, fresh, skippedPlaces } = editAndLint(twoServices, after);
    assert.deepEqual(reused, fresh);
    assert.equal(skippedPlaces, 0);
  });

  it('reuses nothing when the edit is not inside one unit (a line between two functions)', () => {
    const after = twoServices.replace('}\n\nasync function dashboard', '}\n// helpers\nasync function dashboard');
    const { reused, fresh, skippedPlaces } = editAndLint(twoServices, after);
    assert.deepEqual(reused, fresh);
    assert.equal(skippedPlaces, 0);
  });

  it('reuses nothing when the rule options changed between the lints', () => {
    const after = twoServices.replace('  return { user, posts };', '  console.log(user);\n  return { user, posts };');
    const { reused, fresh, skippedPlaces } = editAndLint(twoServices, after, { afterConfig: configOf({ options: { fix: true } }) });
    assert.deepEqual(reused, fresh);
    assert.equal(skippedPlaces, 0);
  });

  it('analyses top-level awaits again every time: that list runs across units', () => {
    const before = `const started = Date.now();
const a = await store.getA();
const b = await store.getB();
export { a, b, started };
import { store } from './store.js';
`;
    // The list starts at a statement that shares no name with the edited one, and so does the
    // statement the report is made at: only the list as a whole shows that the edit matters.
    const after = before.replace('await store.getB()', 'await store.deleteA()');
    // Top-level code runs at start-up: reported only when one-off code is asked for.
    const config = configOf({ sourceType: 'module', options: { includeOneOffCode: true } });
    const { was, reused, fresh } = editAndLint(before, after, { filename: 'top.js', config });
    assert.equal(was.length, 1);
    assert.deepEqual(fresh, [], 'a delete on the same store orders the two');
    assert.deepEqual(reused, fresh);
  });
});

describe('reuse in a project: what the last lint read in other files', () => {
  /** @type {string[]} */
  const made = [];
  /** A project folder of its own: the index lists a project's files once per lint pause. @param {object} manifest */
  const project = (manifest) => {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-reuse-')));
    made.push(dir);
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'reuse-project', type: 'module', ...manifest }));
    return dir;
  };
  after(() => {
    for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Writes the file and returns what lints a text of it under its absolute path, as the editor does.
   * @param {string} dir @param {string} name @param {string} saved the text on disk
   * @param {{ cache?: string }} [how] a project cache folder, as the editor's lint has by default: the
   *   tests run with the cache off (test/support/project-cache-off.js), and a kept scan is checked
   *   another way than one that lives only in the caller index
   */
  const projectLinter = (dir, name, saved, { cache } = {}) => {
    const filename = path.join(dir, name);
    fs.writeFileSync(filename, saved);
    const config = configOf({ sourceType: 'module' }).map((entry) => (cache ? { ...entry, settings: { ...entry.settings, unblock: { ...entry.settings?.unblock, cache } } } : entry));
    const linter = new Linter({ cwd: dir });
    forgetKeptLints();
    return (/** @type {string} */ text) => linter.verify(text, config, { filename }).map(shown);
  };

  /**
   * The reports of a lint of `text` that may reuse, then of one that may not.
   * @param {(text: string) => string[]} lint @param {string} text
   */
  const reusedAndFresh = (lint, text) => {
    const reused = lint(text);
    setUnitReuse(false);
    try {
      return { reused, fresh: lint(text) };
    } finally {
      setUnitReuse(true);
    }
  };

  it('analyses a caller again when the callee in another file changed on disk, though its own text did not', () => {
    const dir = project({});
    const store = path.join(dir, 'store.js');
    fs.writeFileSync(store, 'export async function loadUser(db, id) { return db.users.findOne(id); }\nexport async function loadOrders(db, id) { return db.orders.find(id); }\n');
    const page = `import { loadUser, loadOrders } from './store.js';
export async function page(req, res) {
  const user = await loadUser(req.db, req.id);
  const orders = await loadOrders(req.db, req.id);
  res.json([user, orders]);
}
export async function other(db) {
  const a = await db.getA();
  return a;
}
`;
    const lint = projectLinter(dir, 'page.js', page);
    assert.equal(lint(page).length, 1);
    lint(page);
    fs.writeFileSync(store, 'export async function loadUser(db, id) { return db.orders.insertOne({ id }); }\nexport async function loadOrders(db, id) { return db.orders.find(id); }\n');
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(store, later, later);
    // An unsaved edit in the other function: the buffer is not the file on disk.
    const edited = page.replace('  return a;', '  console.log(a);\n  return a;');
    const { reused, fresh } = reusedAndFresh(lint, edited);
    assert.deepEqual(fresh, [], 'the callee now writes the table the other call reads');
    assert.deepEqual(reused, fresh);
  });

  it('reuses nothing after a lint that ran out of its budget for other files: its answers depended on the clock', () => {
    const dir = project({});
    fs.writeFileSync(path.join(dir, 'api.js'), 'export async function getStats(id) { return id; }\nexport async function getAlerts(id) { return id; }\n');
    const filename = path.join(dir, 'page.js');
    const text = `import { getStats, getAlerts } from './api.js';
export async function page(id) {
  const stats = await getStats(id);
  const alerts = await getAlerts(id);
  return [stats, alerts];
}
export async function other(db) {
  const a = await db.getA();
  return a;
}
`;
    fs.writeFileSync(filename, text);
    const previous = setLintBudget({ budgetMs: -1, warn: () => {} });
    try {
      const { reused, fresh, skippedPlaces } = editAndLint(text, text.replace('  return a;', '  console.log(a);\n  return a;'), {
        filename,
        config: configOf({ sourceType: 'module' }),
        linter: new Linter({ cwd: dir }),
      });
      assert.deepEqual(reused, fresh);
      assert.equal(skippedPlaces, 0);
    } finally {
      setLintBudget(previous);
    }
  });

  /**
   * A Ledger service whose summary() calls balances() through this, routed from another module; lints it,
   * then twice with an unsaved edit in summary(); returns the last lint's reports with and without reuse.
   * @param {{ cache?: string, between?: (dir: string) => void }} how between: done before the last lint
   */
  const editLedger = ({ cache, between } = {}) => {
    const dir = project({ dependencies: { express: '^4.0.0' } });
    fs.writeFileSync(path.join(dir, 'routes.js'), "import express from 'express';\nimport { Ledger } from './ledger.js';\nexport const app = express();\nconst ledger = new Ledger(globalThis.books);\napp.get('/summary', async (req, res) => res.json(await ledger.summary(req.query.owner)));\n");
    const saved = `export class Ledger {
  constructor(books) { this.books = books; }
  async balances(owner) {
    const debits = await this.books.getDebits(owner);
    const credits = await this.books.getCredits(owner);
    return [...debits, ...credits];
  }
  async summary(owner) {
    const rows = await this.balances(owner);
    return rows.length;
  }
}
`;
    const lint = projectLinter(dir, 'ledger.js', saved, { cache: cache && path.join(dir, cache) });
    lint(saved);
    // Typed in summary() and not saved, twice: the project index still reads its call to balances() from the file on disk.
    lint(saved.replace('    return rows.length;', '    console.log(owner);\n    return rows.length;'));
    between?.(dir);
    const edited = saved.replace('    return rows.length;', '    console.log(owner, rows);\n    return rows.length;');
    const skippedBefore = unitReuseCounts().skipped;
    const { reused, fresh } = reusedAndFresh(lint, edited);
    const skipped = unitReuseCounts().skipped - skippedBefore;
    return { reused, fresh, skipped };
  };

  for (const cache of ['.unblock-cache', undefined]) {
    it(`keeps the reports of a method the edited one calls through this: the index reads that call from disk (${cache ? 'a project cache' : 'no project cache'})`, () => {
      const { reused, fresh, skipped } = editLedger({ cache });
      assert.equal(fresh.length, 1, 'the waterfall in balances()');
      assert.deepEqual(reused, fresh);
      assert.equal(skipped, 1, 'balances() was not analysed again');
    });
  }

  it('reuses nothing after a module whose scan the lint read changed on disk, with no project cache', () => {
    const { reused, fresh, skipped } = editLedger({
      between: (dir) => {
        const routes = path.join(dir, 'routes.js');
        fs.appendFileSync(routes, "app.get('/health', (req, res) => res.end());\n");
        const later = new Date(Date.now() + 5000);
        fs.utimesSync(routes, later, later);
      },
    });
    assert.deepEqual(reused, fresh);
    assert.equal(skipped, 0);
  });

  it('analyses a function again when the edited one no longer calls it, and the file alone then says it runs at start-up', () => {
    const dir = project({ dependencies: { express: '^4.0.0' } });
    fs.writeFileSync(path.join(dir, 'routes.js'), "import express from 'express';\nimport { refresh } from './cache.js';\nexport const app = express();\napp.get('/refresh', refresh);\n");
    const saved = `import { store } from './store.js';
async function rebuild() {
  const a = await store.getUsers();
  const b = await store.getTeams();
  return [a, b];
}
rebuild().catch(() => {});
export async function refresh(req, res) {
  res.json(await rebuild());
}
`;
    const lint = projectLinter(dir, 'cache.js', saved);
    assert.equal(lint(saved).length, 1, 'a request runs rebuild() too');
    // Typed in refresh() and not saved, twice: the second edit takes out its call of rebuild().
    const typed = saved.replace('  res.json(await rebuild());', '  console.log(req.url);\n  res.json(await rebuild());');
    assert.equal(lint(typed).length, 1);
    const edited = typed.replace('res.json(await rebuild());', 'res.json(null);');
    const { reused, fresh } = reusedAndFresh(lint, edited);
    assert.deepEqual(fresh, [], 'only the module body calls rebuild() now: start-up work');
    assert.deepEqual(reused, fresh);
  });

  it('analyses a function again when an unsaved edit above it hides its callers from the project index', () => {
    const dir = project({ dependencies: { express: '^4.0.0' } });
    fs.writeFileSync(path.join(dir, 'routes.js'), "import express from 'express';\nimport { handler } from './handler.js';\nexport const app = express();\napp.get('/orders', handler);\n");
    const saved = `import { api } from './api.js';
export async function other(db) {
  const a = await db.getA();
  return a;
}
export async function handler(req, res) {
  const stats = await api.getStats(req.query.id);
  const alerts = await api.getAlerts(req.query.id);
  res.json({ stats, alerts });
}
`;
    const lint = projectLinter(dir, 'handler.js', saved);
    assert.ok(lint(saved)[0]?.includes('GET /orders'), 'the route is named while the text is as saved');
    lint(saved);
    // Typed above the handler, not saved: the index knows the handler only up to there.
    const edited = saved.replace('  return a;', '  console.log(a);\n  return a;');
    const { reused, fresh } = reusedAndFresh(lint, edited);
    assert.equal(fresh.length, 1);
    assert.ok(!fresh[0].includes('GET /orders'));
    assert.deepEqual(reused, fresh);
  });
});
