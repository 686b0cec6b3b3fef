/**
 * What the README tells a new user to copy or rely on holds: its fixture.json example is JSON the
 * bench accepts, it says whether `.unblock/` is committed (and this repository does what it says),
 * and it explains the EBADENGINE warnings `npm ci` prints on an older Node without a setting here
 * that would turn them into errors.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFixture } from 'unblock-bench';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const readme = await readFile(path.join(REPO, 'README.md'), 'utf8');

describe('README: what a user copies from it', () => {
  it('gives a fixture.json example that is valid JSON and a fixture the bench loads', async () => {
    const block = /`fixture\.json`:\n\n```json\n([\s\S]*?)```/.exec(readme);
    assert.ok(block, 'the README shows fixture.json in a ```json block after "`fixture.json`:"');
    const spec = JSON.parse(block[1] ?? '');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'unblock-readme-fixture-'));
    try {
      await writeFile(path.join(dir, 'fixture.json'), JSON.stringify(spec));
      await mkdir(path.join(dir, path.dirname(spec.entry)), { recursive: true });
      await writeFile(path.join(dir, spec.entry), 'export async function createServer() {}\n');
      const fixture = await loadFixture(dir);
      assert.deepEqual(fixture.spec.routes.map((r) => `${r.method} ${r.path}`), ['GET /users/1', 'POST /login']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says .unblock/ is not committed, and this repository ignores it', async () => {
    assert.match(readme, /Do not commit `\.unblock\/`/);
    const gitignore = (await readFile(path.join(REPO, '.gitignore'), 'utf8')).split('\n');
    assert.ok(gitignore.includes('.unblock/'), '.gitignore lists .unblock/');
  });

  it('explains the EBADENGINE warnings of npm ci on an older Node, and nothing makes them errors', async () => {
    assert.match(readme, /npm ci[^\n]*EBADENGINE warnings are expected/, 'on the first screen');
    assert.match(readme, /`npm warn EBADENGINE` for this repository's own packages/);
    const npmrc = await readFile(path.join(REPO, '.npmrc'), 'utf8').catch(() => '');
    assert.doesNotMatch(npmrc, /^\s*engine-strict\s*=\s*true/m, 'engine-strict would stop npm ci before it installs Node 22');
    const own = JSON.parse(await readFile(path.join(REPO, 'package.json'), 'utf8'));
    assert.equal(own.engines.node, '>=22.12', 'the README names the range the warnings come from');
  });
});
