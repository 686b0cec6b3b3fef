/**
 * The persistent project cache (rules/project/cache/) between separate lint processes, as CI or a
 * developer runs `eslint` again: it keeps facts (a module's call sites, its imports), never
 * verdicts, so a caller added or a callee changed between two runs changes the verdict of the next
 * one; and nothing it does may break or change a lint: the same reports with the cache off, empty
 * or filled, with a corrupt entry, with a folder that cannot be written, with two processes at once.
 * The fixture is copied to a temporary folder; every lint runs in a child process of its own.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import plugin from '../../../index.js';
import { cacheCounts, filesUnder, forgetVerdicts, lint, project, removeTemporaries, rewrite, ruleIds, temporary, writeStamp } from './cache-project.js';

const route = `import express from 'express';
import { hashPassword } from './passwords.js';

export const router = express.Router();

router.post('/login', async (req, res) => {
  res.json({ ok: hashPassword(req.body.password, req.body.salt).length > 0 });
});
`;

describe('analysis/project/project-cache', function () {
  this.timeout(120_000);
  after(removeTemporaries);

  it('gives the same reports with the cache off, empty and filled, and fills it with facts', async () => {
    const { dir, cache } = project();
    const off = await lint(dir, 'off');
    assert.deepEqual(ruleIds(off['handler.js']), ['unblock/no-await-waterfall'], 'two SELECTs of different tables run together');
    assert.deepEqual(off['passwords.js'], [], 'hashPassword runs at start-up only');
    assert.deepEqual(filesUnder(cache), []);
    assert.deepEqual(await lint(dir, cache), off, 'empty cache');
    const entries = filesUnder(cache);
    for (const kind of ['scan', 'imports', 'summaries']) assert.ok(entries.some((file) => file.includes(`${path.sep}${kind}${path.sep}`)), `${kind} kept`);
    const kept = new Map(entries.map((file) => [file, writeStamp(file)]));
    assert.deepEqual(await lint(dir, cache), off, 'filled cache');
    // Nothing changed, so every kept fact is read back, none written again.
    assert.deepEqual(filesUnder(cache).filter((file) => kept.get(file) !== writeStamp(file)), []);
  });

  it('reuses a hub module\'s kept scan whichever of its ten imports is asked about', async () => {
    // A route module importing many helpers is scanned for the callers of each. When the scan
    // followed only the imports on the way to the helper asked about, the hub had one scan per
    // helper, more than the cache kept per module (8), and a warm run found none of them still
    // valid: every run scanned the hub again and rewrote its entry (uptime-kuma's server.js).
    const dir = temporary('unblock-cache-hub-');
    const helpers = Array.from({ length: 10 }, (_, i) => `h${i}`);
    fs.writeFileSync(path.join(dir, 'package.json'), '{ "type": "module", "dependencies": { "express": "*" } }');
    for (const name of helpers) {
      fs.writeFileSync(path.join(dir, `${name}.js`), `import crypto from 'node:crypto';\nexport function ${name}(p) {\n  return crypto.pbkdf2Sync(p, '${name}', 100000, 64, 'sha512');\n}\n`);
    }
    fs.writeFileSync(path.join(dir, 'hub.js'), [
      "import express from 'express';",
      ...helpers.map((name) => `import { ${name} } from './${name}.js';`),
      'export const app = express();',
      ...helpers.map((name) => `app.post('/${name}', (req, res) => res.json(${name}(req.body.p)));`),
      '',
    ].join('\n'));
    const cache = path.join(temporary('unblock-cache-'), 'cache');
    const first = await lint(dir, cache);
    assert.equal(helpers.filter((name) => (first[`${name}.js`] ?? []).some((report) => report.includes(`POST /${name}`))).length, 10, 'each helper is on its route');
    const kept = new Map(filesUnder(cache).map((file) => [file, writeStamp(file)]));
    assert.deepEqual(await lint(dir, cache), first);
    assert.deepEqual(filesUnder(cache).filter((file) => kept.get(file) !== writeStamp(file)), [], 'no kept fact written again');
  });

  it('says on stderr how much of the cache a run used, when UNBLOCK_CACHE_STATS is set', async () => {
    const { dir, cache } = project();
    const [reused, made, summariesReused, summariesMade] = await cacheCounts(dir, cache);
    assert.equal(reused + summariesReused, 0, 'an empty cache has nothing to reuse');
    assert.ok(made > 0 && summariesMade > 0);
    assert.deepEqual(await cacheCounts(dir, cache), [0, 0, 0, 0], 'the next run makes every verdict again from the cache: it reads no fact');
    forgetVerdicts(cache);
    assert.deepEqual(await cacheCounts(dir, cache), [made, 0, summariesMade, 0], 'without the verdicts, it reuses every scan and every file\'s summaries');
  });

  it('sees a caller added in a new file between two runs (a verdict is kept with who imports the file)', async () => {
    const { dir, cache } = project();
    assert.deepEqual((await lint(dir, cache))['passwords.js'], []);
    fs.writeFileSync(path.join(dir, 'routes.js'), route);
    const reports = await lint(dir, cache);
    assert.equal(reports['passwords.js']?.length, 1, JSON.stringify(reports));
    assert.match(reports['passwords.js'][0], /^unblock\/no-blocking-sync-call .*POST \/login in routes\.js/);
    assert.deepEqual(await lint(dir, cache), reports, 'the next run, from the cache, says the same');
  });

  it('sees a callee changed between two runs, and again when it is changed back', async () => {
    const { dir, cache } = project();
    const queries = path.join(dir, 'queries.js');
    const before = fs.readFileSync(queries, 'utf8');
    assert.deepEqual(ruleIds((await lint(dir, cache))['handler.js']), ['unblock/no-await-waterfall']);
    rewrite(queries, before.replace("'SELECT * FROM settings WHERE id = $1'", "'INSERT INTO accounts (id) VALUES ($1)'"));
    assert.deepEqual((await lint(dir, cache))['handler.js'], [], 'the second call now writes the table the first reads');
    rewrite(queries, before);
    assert.deepEqual(ruleIds((await lint(dir, cache))['handler.js']), ['unblock/no-await-waterfall']);
  });

  // handler.js is unchanged between the runs; what its second call does is read from queries.js,
  // which imports the table name from tables.js. The kept summaries read both: a change to the
  // module on the way, not to the callee's own file, must make them be read again.
  it('reads kept call summaries again when a module they read on the way changed', async () => {
    const { dir, cache } = project();
    fs.writeFileSync(path.join(dir, 'tables.js'), "export const SETTINGS = 'SELECT * FROM settings WHERE id = $1';\n");
    const queries = path.join(dir, 'queries.js');
    rewrite(queries, `import { SETTINGS } from './tables.js';\n${fs.readFileSync(queries, 'utf8').replace("'SELECT * FROM settings WHERE id = $1'", 'SETTINGS')}`);
    assert.deepEqual(ruleIds((await lint(dir, cache))['handler.js']), ['unblock/no-await-waterfall'], 'two tables read');
    rewrite(path.join(dir, 'tables.js'), "export const SETTINGS = 'UPDATE accounts SET seen = now() WHERE id = $1';\n");
    assert.deepEqual((await lint(dir, cache))['handler.js'], [], 'the second call now writes the table the first reads');
  });

  it('reads a corrupt kept summary again', async () => {
    const { dir, cache } = project();
    const reports = await lint(dir, cache);
    const entries = filesUnder(cache).filter((file) => file.includes(`${path.sep}summaries${path.sep}`));
    assert.ok(entries.length > 0);
    for (const file of entries) {
      const entry = JSON.parse(fs.readFileSync(file, 'utf8'));
      for (const at of Object.keys(entry.value.answers)) entry.value.answers[at] = { kind: 'read', reads: 'sql:accounts' };
      fs.writeFileSync(file, JSON.stringify(entry));
    }
    assert.deepEqual(await lint(dir, cache), reports);
  });

  it('keeps no summaries for a text that is not the file on disk (an editor\'s unsaved buffer)', async () => {
    const { dir, cache } = project();
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.js'], plugins: { unblock: plugin }, rules: plugin.configs.recommended.rules, settings: { unblock: { cache } } }],
    });
    const handler = path.join(dir, 'handler.js');
    const summaries = () => filesUnder(cache).filter((file) => file.includes(`${path.sep}summaries${path.sep}`));
    const typed = fs.readFileSync(handler, 'utf8').replace('res.json({ account, settings });', 'res.json({ account, settings, at: 1 });');
    const [unsaved] = await eslint.lintText(typed, { filePath: handler });
    assert.deepEqual(unsaved.messages.map((message) => message.ruleId), ['unblock/no-await-waterfall'], 'analysed all the same');
    assert.deepEqual(summaries(), []);
    // An entry is written when the next lint starts (or at exit): lint the saved text twice.
    await eslint.lintText(typed, { filePath: handler });
    await eslint.lintText(fs.readFileSync(handler, 'utf8'), { filePath: handler });
    assert.deepEqual(summaries(), [], 'the unsaved text again: still nothing');
    await eslint.lintText(fs.readFileSync(handler, 'utf8'), { filePath: handler });
    assert.equal(summaries().length, 1, 'the text on disk keeps its summaries');
  });

  it('sees a change in a module a kept scan read on the way', async () => {
    // routes.js, unchanged between the runs, calls hash(); what hash() is depends on lib/index.js.
    const { dir, cache } = project();
    fs.mkdirSync(path.join(dir, 'lib'));
    fs.writeFileSync(path.join(dir, 'lib', 'index.js'), "export { hashPassword as hash } from '../passwords.js';\n");
    fs.writeFileSync(path.join(dir, 'routes.js'), route.replace("import { hashPassword } from './passwords.js';", "import { hashPassword } from './passwords.js';\nimport { hash } from './lib/index.js';").replace('hashPassword(req.body', 'hash(req.body'));
    const first = await lint(dir, cache);
    assert.match(first['passwords.js']?.[0] ?? '', /POST \/login in routes\.js/, 'hash is hashPassword');
    rewrite(path.join(dir, 'lib', 'index.js'), 'export function hash(password) {\n  return password;\n}\n');
    const second = await lint(dir, cache);
    assert.deepEqual(second['passwords.js'], [], 'hash is another function now: hashPassword runs at start-up only');
    assert.deepEqual(second, await lint(dir, 'off'));
  });

  it('sees an import resolve to another file once a file is added beside it', async () => {
    // './auth' is auth/index.js until auth.js is added, which Node prefers: the kept resolution must not be used.
    const { dir, cache } = project();
    fs.mkdirSync(path.join(dir, 'auth'));
    fs.writeFileSync(path.join(dir, 'auth', 'index.js'), 'export function hash(password) {\n  return password;\n}\n');
    fs.writeFileSync(path.join(dir, 'routes.js'), route.replace("import { hashPassword } from './passwords.js';", "import { hashPassword } from './passwords.js';\nimport { hash } from './auth';").replace('hashPassword(req.body', 'hash(req.body'));
    assert.deepEqual((await lint(dir, cache))['passwords.js'], [], 'hash is auth/index.js');
    fs.writeFileSync(path.join(dir, 'auth.js'), "export { hashPassword as hash } from './passwords.js';\n");
    const second = await lint(dir, cache);
    assert.match(second['passwords.js']?.[0] ?? '', /POST \/login in routes\.js/, 'hash is hashPassword, through auth.js');
    assert.deepEqual(second, await lint(dir, 'off'));
  });

  it('follows a function that moved within its file', async () => {
    const { dir, cache } = project();
    fs.writeFileSync(path.join(dir, 'routes.js'), route);
    const first = await lint(dir, cache);
    const passwords = path.join(dir, 'passwords.js');
    rewrite(passwords, `// Three lines\n// pushed the function\n// down.\n${fs.readFileSync(passwords, 'utf8')}`);
    const second = await lint(dir, cache);
    assert.deepEqual(second, first, 'the same report, reached from the same route');
    const lines = await lintLines(dir, cache);
    assert.equal(lines['passwords.js']?.[0], 7, 'reported where the call now is');
  });

  it('ignores and rebuilds a corrupt cache file', async () => {
    const { dir, cache } = project();
    fs.writeFileSync(path.join(dir, 'routes.js'), route);
    const reports = await lint(dir, cache);
    const entries = filesUnder(cache);
    assert.ok(entries.length > 0);
    entries.forEach((file, at) => fs.writeFileSync(file, at % 2 === 0 ? fs.readFileSync(file, 'utf8').slice(0, 20) : '\u0000not json'));
    assert.deepEqual(await lint(dir, cache), reports);
    for (const file of filesUnder(cache)) assert.doesNotThrow(() => JSON.parse(fs.readFileSync(file, 'utf8')), `${file} rebuilt`);
  });

  it('runs without a cache where its folder cannot be written', async () => {
    const { dir } = project();
    fs.writeFileSync(path.join(dir, 'routes.js'), route);
    const off = await lint(dir, 'off');
    const blocker = path.join(temporary('unblock-cache-blocked-'), 'a-file');
    fs.writeFileSync(blocker, '');
    // A cache folder under a regular file cannot be made; /sys refuses writes where it exists (Linux).
    const places = [path.join(blocker, 'cache'), ...(fs.existsSync('/sys') ? ['/sys/unblock-cache-test'] : [])];
    for (const place of places) {
      assert.deepEqual(await lint(dir, place), off, place);
      assert.equal(fs.existsSync(place), false);
    }
  });

  it('shares a cache between two lint processes running at once', async () => {
    const { dir, cache } = project();
    fs.writeFileSync(path.join(dir, 'routes.js'), route);
    const off = await lint(dir, 'off');
    const [one, two] = await Promise.all([lint(dir, cache), lint(dir, cache)]);
    assert.deepEqual(one, off);
    assert.deepEqual(two, off);
    assert.deepEqual(await lint(dir, cache), off, 'and the cache they left');
    assert.deepEqual(filesUnder(cache).filter((file) => file.endsWith('.tmp')), [], 'no temporary file left');
  });

  it('is turned off, or moved, by the ESLint settings, which win over the environment', async () => {
    const { dir, cache } = project();
    const lintWith = async (/** @type {unknown} */ setting) => {
      const eslint = new ESLint({
        cwd: dir,
        overrideConfigFile: true,
        overrideConfig: [{ files: ['**/*.js'], plugins: { unblock: plugin }, rules: plugin.configs.recommended.rules, settings: { unblock: { cache: setting } } }],
      });
      return (await eslint.lintFiles(['.'])).map((result) => result.messages.map((message) => message.ruleId));
    };
    const saved = process.env.UNBLOCK_CACHE_DIR;
    process.env.UNBLOCK_CACHE_DIR = cache;
    try {
      // This test process has UNBLOCK_CACHE=off (test/support/project-cache-off.js): a folder in the settings still turns it on.
      const own = path.join(path.dirname(cache), 'from-settings');
      const withCache = await lintWith(own);
      assert.ok(filesUnder(own).length > 0, 'the settings folder is used');
      assert.deepEqual(await lintWith(false), withCache);
      assert.deepEqual(filesUnder(cache), [], 'cache: false writes nothing, whatever the environment says');
    } finally {
      if (saved === undefined) delete process.env.UNBLOCK_CACHE_DIR;
      else process.env.UNBLOCK_CACHE_DIR = saved;
    }
  });
});

/**
 * The lines of the reports per file, from an in-process lint with the cache in `cache`.
 * @param {string} dir
 * @param {string} cache
 */
async function lintLines(dir, cache) {
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.js'], plugins: { unblock: plugin }, rules: plugin.configs.recommended.rules, settings: { unblock: { cache } } }],
  });
  /** @type {Record<string, number[]>} */
  const lines = {};
  for (const result of await eslint.lintFiles(['.'])) lines[path.relative(dir, result.filePath)] = result.messages.map((message) => message.line);
  return lines;
}
