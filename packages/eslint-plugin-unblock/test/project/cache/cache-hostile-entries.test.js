/**
 * The project cache is a folder anyone with the repository or the CI cache can fill. Entries of the
 * right kind and the wrong shape made ESLint exit 2 on every run until someone deleted the folder
 * (`summaries` inputs `[null]`, `imports` resolutions that are not triples), or silently changed
 * the reports of every later run (a `scan` whose entry points have no string key lost a blocking
 * report); an entry naming files outside the project made the plugin open and hash them. Each kind
 * is now checked against its schema (rules/project/cache/schemas/): anything off is a miss, made
 * again and counted in the UNBLOCK_CACHE_STATS line, and the reports are those of a cache-less run.
 * Each lint runs in a child process of its own, on a copy of the project-cache fixture.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintInChild } from '../../support/lint-in-child.js';
import { contentHash } from '../../../rules/project/cache/content-hash.js';
import { filesUnder, forgetVerdicts, lint, project, removeTemporaries, temporary } from './cache-project.js';

const CHILD = fileURLToPath(new URL('./cache-lint-child.js', import.meta.url));

/** A route that calls hashPassword: passwords.js's blocking call is then on a request path. */
const route = `import express from 'express';
import { hashPassword } from './passwords.js';

export const router = express.Router();

router.post('/login', async (req, res) => {
  res.json({ ok: hashPassword(req.body.password, req.body.salt).length > 0 });
});
`;

/**
 * Lints the project with the cache in `cache` and UNBLOCK_CACHE_STATS set.
 * @param {string} dir
 * @param {string | undefined} cache undefined: the default place, in the project
 */
async function lintWithStats(dir, cache) {
  const env = { UNBLOCK_CACHE: undefined, UNBLOCK_CACHE_DIR: cache, UNBLOCK_CACHE_STATS: '1' };
  const result = await lintInChild(dir, ['.'], { env, hangGuardMs: 60_000, child: CHILD, memoryKb: 1_000_000_000 });
  assert.equal(result.status, 'done', JSON.stringify(result));
  if (result.status !== 'done') throw new Error('unreachable');
  const refused = /; (\d+) kept entr(?:y|ies) refused \(unreadable, not of their format, or naming files outside the project\) and made again$/m.exec(result.stderr);
  return { reports: result.reports, warnings: result.warnings, refused: refused ? Number(refused[1]) : 0, stderr: result.stderr };
}

/**
 * Rewrites every kept entry of one kind.
 * @param {string} cache
 * @param {string} kind
 * @param {(value: any) => void} change
 * @returns {number} how many entries the change changed
 */
function tamper(cache, kind, change) {
  let changed = 0;
  for (const file of filesUnder(cache).filter((name) => name.includes(`${path.sep}${kind}${path.sep}`))) {
    const text = fs.readFileSync(file, 'utf8');
    const entry = JSON.parse(text);
    change(entry.value);
    const after = JSON.stringify(entry);
    if (after !== text) changed++;
    fs.writeFileSync(file, after);
  }
  assert.ok(changed > 0, `${kind} entries changed`);
  return changed;
}

describe('analysis/project/cache-hostile-entries', function () {
  this.timeout(120_000);
  after(removeTemporaries);

  /** A project with a route, its reports with the cache off, and a cache filled by one run. */
  async function filled() {
    const { dir, cache } = project();
    fs.writeFileSync(path.join(dir, 'routes.js'), route);
    const off = await lint(dir, 'off');
    assert.ok(off['passwords.js'].some((report) => report.startsWith('unblock/no-blocking-sync-call')), 'the blocking call is reported');
    assert.deepEqual(await lint(dir, cache), off);
    return { dir, cache, off };
  }

  /** @type {Record<string, [string, (value: any) => void]>} */
  const WRONG_SHAPES = {
    'summaries whose inputs hold null': ['summaries', (value) => (value.inputs = [null])],
    'imports whose resolutions are not triples': ['imports', (value) => (value.resolutions = value.resolutions.map((/** @type {any} */ entry) => entry[0]))],
    'imports whose resolutions are numbers': ['imports', (value) => (value.resolutions = value.resolutions.map(() => 7))],
    'a scan whose entry points are keyed by numbers': ['scan', (value) => value.ops.forEach((/** @type {any} */ op) => 'e' in op && (op.e = 1))],
    'a scan whose call sites have no key': ['scan', (value) => value.ops.forEach((/** @type {any} */ op) => delete op.c)],
    'verdicts whose reports point before the file': ['verdicts', (value) => Object.values(value.verdicts).forEach((/** @type {any[]} */ reports) => reports.push({ start: -1, end: 0, point: false, fix: null, suggest: [], message: 'planted' }))],
    'verdicts whose inputs hold null': ['verdicts', (value) => (value.inputs = [null])],
    'verdicts whose scans used have a shape that is a number': ['verdicts', (value) => value.inputs.forEach((/** @type {any[]} */ input) => input[0] === 'scan' && (input[3] = 1))],
    'a scan ledger whose lines name modules past its list': ['scan-ledger', (value) => value.lines.forEach((/** @type {any} */ line) => (line[3] = [value.files.length]))],
    'a scan ledger whose hashes are numbers': ['scan-ledger', (value) => value.files.forEach((/** @type {any} */ file) => (file[1] = 1))],
  };
  for (const [name, [kind, change]] of Object.entries(WRONG_SHAPES)) {
    it(`takes ${name} for a miss, counts it, and reports as without a cache`, async () => {
      const { dir, cache, off } = await filled();
      // A run with its verdicts kept reads no fact: the facts planted are read when the files are analysed.
      // The scan ledger is read only to check kept verdicts: they stay.
      if (kind !== 'verdicts' && kind !== 'scan-ledger') forgetVerdicts(cache);
      const tampered = tamper(cache, kind, change);
      const run = await lintWithStats(dir, cache);
      assert.deepEqual(run.reports, off);
      assert.ok(run.refused >= tampered, run.stderr);
      // Made again: the next run reads them back and refuses none.
      assert.equal((await lintWithStats(dir, cache)).refused, 0);
    });
  }

  it('does not trust (or open) files outside the project that a planted entry names', async () => {
    const { dir, cache, off } = await filled();
    forgetVerdicts(cache);
    const outside = path.join(temporary('unblock-outside-'), 'secret.js');
    fs.writeFileSync(outside, 'export const key = 1;\n');
    // With the outside file's own hash: the entry would hold if that file were opened to check it.
    tamper(cache, 'scan', (value) => value.inputs.push(['module', outside, contentHash(fs.readFileSync(outside, 'utf8'))]));
    const run = await lintWithStats(dir, cache);
    assert.deepEqual(run.reports, off);
    assert.ok(run.refused > 0, run.stderr);
  });

  it('writes nothing through a node_modules committed as a link to a folder elsewhere, and says so once', async () => {
    const { dir } = project();
    fs.writeFileSync(path.join(dir, 'routes.js'), route);
    const off = await lint(dir, 'off');
    const elsewhere = temporary('unblock-elsewhere-');
    fs.symlinkSync(elsewhere, path.join(dir, 'node_modules'), 'dir');
    const run = await lintWithStats(dir, undefined);
    assert.deepEqual(run.reports, off);
    assert.deepEqual(filesUnder(elsewhere), []);
    const lines = run.warnings.filter((warning) => warning.includes('leads outside the project'));
    assert.equal(lines.length, 1, JSON.stringify(run.warnings));
    assert.match(lines[0], /^unblock: the project cache folder \S+ leads outside the project \(to \S+\): no project cache for this project\.$/);
  });
});
