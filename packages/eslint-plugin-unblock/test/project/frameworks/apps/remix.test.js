import assert from 'node:assert/strict';
import remix from '../../../../rules/project/frameworks/apps/remix.js';
import { declaredIn } from '../framework-probe.js';

describe('frameworks: remix', () => {
  it('takes loader and action of a route module as request handlers', () => {
    const code = `export async function loader() { return 1; }\nexport const action = async () => 2;\nexport function meta() {}`;
    assert.deepEqual(declaredIn(remix, code, '/project/app/routes/notes.tsx'), [
      { label: 'Remix loader', kind: 'request', handler: 'async function loader() { return 1; }' },
      { label: 'Remix action', kind: 'request', handler: 'async () => 2' },
    ]);
  });

  it('ignores a loader outside app/ and routes/', () => {
    assert.deepEqual(declaredIn(remix, `export async function loader() {}`, '/project/src/lib/loader.ts'), []);
  });
});
