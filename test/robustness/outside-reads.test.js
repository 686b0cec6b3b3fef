/**
 * A lint reads nothing outside its folder (the editor's workspace folder, the folder ESLint runs
 * in). Two ways it did: the project-root search climbed to any parent package.json (a stray one in
 * a home folder made every file under it "the project"), and a tsconfig extending
 * `../outside/base.json` with an absolute `baseUrl`/`paths` made the index read and parse files
 * outside the workspace. What those outside files say must no longer change a report.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { lintProject, ruleIdsIn } from '../../packages/eslint-plugin-unblock/test/support/lint-project.js';
import { makeProject, writeFiles, removeAll } from '../../packages/eslint-plugin-unblock/test/support/temp-project.js';

const passwords = `import crypto from 'node:crypto';

export function hashPassword(password, salt) {
  return crypto.pbkdf2Sync(password, salt, 600000, 64, 'sha512').toString('hex');
}
`;
const route = `import express from 'express';
import { hashPassword } from './ws/passwords.js';

const app = express();
app.post('/login', async (req, res) => {
  res.json({ ok: hashPassword(req.body.password, req.body.salt).length > 0 });
});
export default app;
`;
// CPU-only helpers: read from their bodies, the two awaits gain nothing from Promise.all and are not
// reported; unread, their names decide and the pair is reported.
const helpers = 'export async function first(x: string) { return x.trim(); }\nexport async function second(x: string) { return x.toUpperCase(); }\n';
const handler = `import { first, second } from '@shared/format';
export async function h(req: any, res: any) {
  const x = await first(req.query.a);
  const y = await second(req.query.b);
  res.json([x, y]);
}
`;

/**
 * A parent folder (outside the lint's folder `ws/`) with its shared helpers and a base config
 * pointing at them by absolute paths.
 * @param {(outside: string) => Record<string, string>} wsFiles
 */
function withOutsideHelpers(wsFiles) {
  const dir = makeProject({ 'outside/shared/format.ts': helpers });
  const outside = path.join(dir, 'outside');
  const base = { compilerOptions: { baseUrl: outside, paths: { '@shared/*': [path.join(outside, 'shared', '*')] } } };
  writeFiles(dir, { 'outside/base.json': JSON.stringify(base) });
  writeFiles(path.join(dir, 'ws'), wsFiles(outside));
  return dir;
}

describe('robustness: no read outside the lint folder', function () {
  this.timeout(30_000);
  after(removeAll);

  it('does not climb above the lint folder to a parent package.json: a route up there is not seen', async () => {
    const dir = makeProject({ 'package.json': '{}', 'routes.js': route, 'ws/passwords.js': passwords });
    const reports = await lintProject(path.join(dir, 'ws'), ['passwords.js']);
    // No package.json between the file and the lint folder: no project, its callers are unknown, and an
    // unknown caller is not a request path: nothing is reported (the route up there would be named).
    assert.deepEqual(ruleIdsIn(reports, 'passwords.js'), []);
    // Linted from the parent folder, the same file is reached from the route.
    const fromParent = await lintProject(dir, ['ws/passwords.js']);
    assert.match(fromParent['ws/passwords.js']?.[0]?.message ?? '', /reached from POST \/login in routes\.js/);
  });

  it('does not follow a tsconfig that extends a config outside the lint folder', async () => {
    const dir = withOutsideHelpers(() => ({ 'package.json': '{}', 'tsconfig.json': '{ "extends": "../outside/base.json" }', 'handler.ts': handler }));
    const reports = await lintProject(path.join(dir, 'ws'), ['handler.ts']);
    assert.deepEqual(ruleIdsIn(reports, 'handler.ts'), ['unblock/no-await-waterfall'], 'the helpers outside were not read');
  });

  it('does not read a file outside the lint folder that tsconfig paths point at', async () => {
    const dir = withOutsideHelpers((outside) => ({
      'package.json': '{}',
      'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@shared/*': [path.join(outside, 'shared', '*')] } } }),
      'handler.ts': handler,
    }));
    const reports = await lintProject(path.join(dir, 'ws'), ['handler.ts']);
    assert.deepEqual(ruleIdsIn(reports, 'handler.ts'), ['unblock/no-await-waterfall'], 'the helpers outside were not read');
    // The same helpers inside the folder are read, and the pair is not reported.
    const inside = makeProject({
      'package.json': '{}',
      'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@shared/*': ['shared/*'] } } }),
      'shared/format.ts': helpers,
      'handler.ts': handler,
    });
    assert.deepEqual(ruleIdsIn(await lintProject(inside, ['handler.ts']), 'handler.ts'), []);
  });
});
