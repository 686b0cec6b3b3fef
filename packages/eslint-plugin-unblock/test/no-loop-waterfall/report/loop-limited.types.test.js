/**
 * The p-map / p-limit rewrites of TypeScript loops pass `tsc --strict
 * --noEmit` (in-process, against the packages' own declarations), as the
 * code before them did: the output of each case, exactly, then its types.
 */
import assert from 'node:assert/strict';
import { limitedOutput } from './limited-helpers.js';
import { typeErrors } from '../../support/typecheck.js';

const PRELUDE = `interface User { id: string; name: string }
declare const db: {
  getUser(id: string): Promise<User>;
  touch(id: string): Promise<void>;
  query(sql: string): Promise<{ rows: Array<{ id: string }> }>;
};
`;

/** @type {Array<{ title: string, project: string, options?: object, code: string, output: string }>} */
const CASES = [
  {
    title: 'p-map: results pushed into a typed array',
    project: 'esm-p-map',
    code: `export async function load(ids: readonly string[]): Promise<User[]> {
  const users: User[] = [];
  for (const id of ids) {
    users.push(await db.getUser(id));
  }
  return users;
}
`,
    output: `import pMap from 'p-map';
${PRELUDE}export async function load(ids: readonly string[]): Promise<User[]> {
  const users: User[] = await pMap(ids, (id) => db.getUser(id), { concurrency: 10 });
  return users;
}
`,
  },
  {
    title: 'p-map: entries into a Map from a query result',
    project: 'esm-p-map',
    options: { maxConcurrency: 4 },
    code: `export async function names() {
  const { rows } = await db.query('SELECT id FROM users');
  const byId = new Map<string, string>();
  for (const row of rows) {
    const user = await db.getUser(row.id);
    byId.set(row.id, user.name);
  }
  return byId;
}
`,
    output: `import pMap from 'p-map';
${PRELUDE}export async function names() {
  const { rows } = await db.query('SELECT id FROM users');
  const byId = new Map<string, string>();
  const byIdEntries = await pMap(rows, async (row) => {
    const user = await db.getUser(row.id);
    return [row.id, user.name] as const;
  }, { concurrency: 4 });
  for (const [key, value] of byIdEntries) byId.set(key, value);
  return byId;
}
`,
  },
  {
    title: 'p-limit: nothing collected',
    project: 'esm-p-limit',
    code: `export async function touchAll(ids: string[]) {
  for (const id of ids) {
    await db.touch(id);
  }
}
`,
    output: `import pLimit from 'p-limit';
${PRELUDE}export async function touchAll(ids: string[]) {
  const limit = pLimit(10);
  await Promise.all(ids.map((id) => limit(() => db.touch(id))));
}
`,
  },
  {
    title: 'p-limit: an object pushed per item',
    project: 'esm-p-limit',
    code: `export async function withOwners(ids: string[]) {
  const out: Array<{ id: string; owner: User }> = [];
  for (const id of ids) {
    const owner = await db.getUser(id);
    out.push({ id, owner });
  }
  return out;
}
`,
    output: `import pLimit from 'p-limit';
${PRELUDE}export async function withOwners(ids: string[]) {
  const limit = pLimit(10);
  const out: Array<{ id: string; owner: User }> = await Promise.all(ids.map((id) => limit(async () => {
    const owner = await db.getUser(id);
    return { id, owner };
  })));
  return out;
}
`,
  },
];

describe('p-map / p-limit rewrites of TypeScript type-check with tsc --strict', function () {
  // The first check parses TypeScript's library files.
  this.timeout(30000);

  it('the type check sees a wrong call of p-map (so a clean result means something)', () => {
    assert.equal(typeErrors(`import pMap from 'p-map';\nexport const n: number = await pMap([1], (x: number) => x);\n`).length, 1);
  });

  for (const { title, project, options, code, output } of CASES) {
    it(title, () => {
      const before = PRELUDE + code;
      const after = limitedOutput(before, 'runBoundedWith', { project, file: 'routes.ts', options });
      assert.equal(after, output);
      assert.deepEqual(typeErrors(before), []);
      assert.deepEqual(typeErrors(after), []);
    });
  }
});
