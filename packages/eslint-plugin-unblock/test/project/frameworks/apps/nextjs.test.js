import assert from 'node:assert/strict';
import nextjs from '../../../../rules/project/frameworks/apps/nextjs.js';
import { declaredIn } from '../framework-probe.js';

describe('frameworks: nextjs', () => {
  it('takes the HTTP-method exports of an app/**/route.ts as route handlers, named by the folder', () => {
    const code = `export async function POST(request) { return request; }\nexport function helper() {}`;
    assert.deepEqual(declaredIn(nextjs, code, '/project/src/app/api/export/route.ts'), [
      { label: 'POST /api/export', kind: 'request', handler: 'async function POST(request) { return request; }' },
    ]);
  });

  it('takes the default export of a pages/api file', () => {
    const code = `export default function handler(req, res) { res.end(); }`;
    assert.deepEqual(declaredIn(nextjs, code, '/project/pages/api/users/index.js'), [
      { label: 'API route /api/users', kind: 'request', handler: 'function handler(req, res) { res.end(); }' },
    ]);
  });

  it('ignores the same exports elsewhere', () => {
    assert.deepEqual(declaredIn(nextjs, `export async function POST() {}`, '/project/src/lib/post.ts'), []);
  });
});
