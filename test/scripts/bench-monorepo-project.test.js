/**
 * The monorepo bench:monorepo lints (scripts/bench-lint/monorepo-project.js): the files and lines it
 * says it wrote, npm workspaces of the asked size, and services that each block per request from a
 * route in another file, which the blocking rule reports when the project is indexed.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Linter } from 'eslint';
import plugin from '../../packages/eslint-plugin-unblock/index.js';
import { generateMonorepo } from '../../scripts/bench-lint/monorepo-project.js';

describe('bench:monorepo: the generated monorepo (scripts/bench-lint/monorepo-project.js)', () => {
  /** @type {ReturnType<typeof generateMonorepo> | undefined} */
  let repo;
  afterEach(() => repo && fs.rmSync(repo.dir, { recursive: true, force: true }));

  it('writes the files and lines it says, in workspaces of the asked size', () => {
    repo = generateMonorepo({ files: 45, packageFiles: 20 });
    assert.equal(repo.files.length, 45);
    assert.ok(repo.files.every((file) => fs.existsSync(file)));
    const lines = repo.files.reduce((sum, file) => sum + fs.readFileSync(file, 'utf8').split('\n').length - 1, 0);
    assert.equal(repo.lines, lines);
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(repo.dir, 'package.json'), 'utf8')).workspaces, ['packages/*']);
    assert.deepEqual(fs.readdirSync(path.join(repo.dir, 'packages')).sort(), ['pkg0', 'pkg1', 'pkg2']);
    assert.equal(repo.services, repo.files.filter((file) => file.includes(`${path.sep}services${path.sep}`)).length);
  });

  it("has one blocking report per service, found through the route in another file", function () {
    this.timeout(60_000);
    repo = generateMonorepo({ files: 20, packageFiles: 20 });
    const config = [{ plugins: { unblock: plugin }, languageOptions: { ecmaVersion: /** @type {const} */ ('latest'), sourceType: /** @type {const} */ ('module') }, rules: { 'unblock/no-blocking-sync-call': /** @type {const} */ ('warn') } }];
    const linter = new Linter({ cwd: /** @type {string} */ (repo.dir) });
    const services = repo.files.filter((file) => file.includes(`${path.sep}services${path.sep}`));
    const reported = services.filter((file) => linter.verify(fs.readFileSync(file, 'utf8'), config, file).some((m) => m.ruleId === 'unblock/no-blocking-sync-call'));
    assert.equal(services.length, repo.services);
    assert.deepEqual(reported, services);
  });
});
