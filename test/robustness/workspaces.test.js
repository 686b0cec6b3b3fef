/**
 * In a monorepo, a function of one workspace package may be called per request from a route in
 * a sibling package. Its callers were looked for in its own package only: called at start-up
 * there, it was taken for start-up code and its blocking call was silenced. The caller index now
 * starts at the workspace root (package.json `workspaces`, pnpm-workspace.yaml).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { lintProject } from '../../packages/eslint-plugin-unblock/test/support/lint-project.js';
import { makeProject, removeAll } from '../../packages/eslint-plugin-unblock/test/support/temp-project.js';
import { pnpmPackages } from '../../packages/eslint-plugin-unblock/rules/project/bounds/project-root.js';

const core = {
  'packages/core/package.json': JSON.stringify({ name: '@mono/core', type: 'module', main: 'index.js' }),
  'packages/core/index.js': "export { hashPassword } from './passwords.js';\n",
  'packages/core/passwords.js': `import crypto from 'node:crypto';

export function hashPassword(password, salt) {
  return crypto.pbkdf2Sync(password, salt, 600000, 64, 'sha512').toString('hex');
}
`,
  // In its own package it only runs at start-up.
  'packages/core/warm-up.js': "import { hashPassword } from './passwords.js';\n\nhashPassword('warm', 'up');\n",
};
const api = {
  'packages/api/package.json': JSON.stringify({ name: '@mono/api', type: 'module', dependencies: { '@mono/core': '*' } }),
  'packages/api/routes.js': `import express from 'express';
import { hashPassword } from '@mono/core';

const app = express();
app.post('/login', async (req, res) => {
  res.json({ ok: hashPassword(req.body.password, req.body.salt).length > 0 });
});
export default app;
`,
};

/**
 * A monorepo as `npm install` / `pnpm install` leaves it: the core package linked into node_modules.
 * @param {Record<string, string>} root the root's own files (what declares the workspaces)
 */
function monorepo(root) {
  const dir = makeProject({ ...root, ...core, ...api });
  fs.mkdirSync(path.join(dir, 'node_modules', '@mono'), { recursive: true });
  fs.symlinkSync(path.join(dir, 'packages', 'core'), path.join(dir, 'node_modules', '@mono', 'core'), 'junction');
  return dir;
}

const reportsOn = async (/** @type {string} */ dir) => (await lintProject(dir, ['packages/core/passwords.js']))['packages/core/passwords.js'] ?? [];

describe('robustness: callers in another workspace package', function () {
  this.timeout(30_000);
  after(removeAll);

  it('reports a helper called at start-up in its package and per request from a sibling package (npm workspaces)', async () => {
    const dir = monorepo({ 'package.json': JSON.stringify({ private: true, workspaces: ['packages/*'] }) });
    const [report, ...rest] = await reportsOn(dir);
    assert.equal(rest.length, 0);
    assert.equal(report?.ruleId, 'unblock/no-blocking-sync-call');
    assert.match(report?.message ?? '', /reached from POST \/login in packages\/api\/routes\.js/);
  });

  it('reads the workspaces of pnpm-workspace.yaml', async () => {
    const dir = monorepo({ 'package.json': JSON.stringify({ private: true }), 'pnpm-workspace.yaml': "packages:\n  - 'packages/*'\n  - '!**/test/**'\n" });
    assert.match((await reportsOn(dir))[0]?.message ?? '', /reached from POST \/login in packages\/api\/routes\.js/);
  });

  it('keeps to the package when the root does not declare it a workspace', async () => {
    // The root declares other workspaces: the core package is a project of its own, called only at start-up.
    const dir = monorepo({ 'package.json': JSON.stringify({ private: true, workspaces: ['apps/*'] }) });
    assert.deepEqual(await reportsOn(dir), []);
  });

  it('reads the packages list of a pnpm-workspace.yaml and nothing else', () => {
    assert.deepEqual(pnpmPackages("# the workspace\npackages:\n  - 'packages/*'\n  - \"apps/*\"   # apps\n  - tools\n\ncatalog:\n  react: ^18\n"), ['packages/*', 'apps/*', 'tools']);
    assert.equal(pnpmPackages('catalog:\n  - x\n'), null);
  });
});
