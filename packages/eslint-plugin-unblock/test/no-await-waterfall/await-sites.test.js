/**
 * describeAwaitSites (eslint-plugin-unblock/tooling): the waterfall analysis's answer, for two
 * awaits of one function, to "may the later start together with the earlier?" — what the
 * observer uses to tell which of the waits it saw could have overlapped.
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import { describeAwaitSites } from '../../tooling.js';

const FILE = fileURLToPath(new URL('./await-sites-case.js', import.meta.url));

/**
 * @param {string} code
 * @returns {{ sites: import('../../tooling.js').AwaitSites, lines: number[] }}
 */
function sitesOf(code) {
  const linter = new Linter();
  const messages = linter.verify(code, [{ languageOptions: { sourceType: 'module' } }], { filename: FILE });
  assert.deepEqual(messages, []);
  const sites = describeAwaitSites(linter.getSourceCode(), FILE);
  return { sites, lines: sites.sites.map((s) => s.line) };
}

describe('analysis: await sites for the observer (describeAwaitSites)', () => {
  it('lists every await in source order with its function', () => {
    const { sites, lines } = sitesOf(`export async function a(db) {
  const x = await db.one();
  return x;
}
export const b = async (db) => ({ y: await db.two(), z: await db.three() });
`);
    assert.deepEqual(lines, [2, 5, 5]);
    assert.notDeepEqual(sites.sites[0].functionRange, sites.sites[1].functionRange);
    assert.deepEqual(sites.sites[1].functionRange, sites.sites[2].functionRange);
    assert.equal(sites.ordering(0, 1).reason, 'not one invocation');
  });

  it('lets independent reads start together, as the rule would', () => {
    const { sites } = sitesOf(`export async function page(db, id) {
  const user = await db.findUser(id);
  const orders = await db.findOrders(id);
  return { user, orders };
}`);
    assert.deepEqual(sites.ordering(0, 1), { reason: null, soft: false });
  });

  it('keeps in order what one needs of the other, also through a statement between them', () => {
    const { sites } = sitesOf(`export async function page(db, id) {
  const user = await db.findUser(id);
  const key = user.orgId;
  const org = await db.findOrg(key);
  return { user, org };
}`);
    assert.deepEqual(sites.ordering(0, 1), { reason: 'binding flow', soft: false });
  });

  it('treats a dropped result (a guard, a pause) as a barrier', () => {
    const { sites } = sitesOf(`export async function page(db, id) {
  await db.assertAllowed(id);
  const user = await db.findUser(id);
  return user;
}`);
    assert.equal(sites.sites[0].barrier, true);
    assert.deepEqual(sites.ordering(0, 1), { reason: 'barrier', soft: false });
  });

  it('calls dynamic dispatch on one receiver soft: only what the calls do is unknown', () => {
    const { sites } = sitesOf(`export async function widgets(db, id, names) {
  const a = await db[names[0]](id);
  const b = await db[names[1]](id);
  return { a, b };
}`);
    assert.deepEqual(sites.ordering(0, 1), { reason: 'same receiver', soft: true });
  });

  it('never calls a known write soft', () => {
    const { sites } = sitesOf(`export async function save(db, id, row) {
  const saved = await db.insertRow(row);
  const other = await db.insertAudit(id);
  return { saved, other };
}`);
    const ordering = sites.ordering(0, 1);
    assert.notEqual(ordering.reason, null);
    assert.equal(ordering.soft, false);
  });

  it('keeps awaits apart when control flow lies between them', () => {
    const { sites } = sitesOf(`export async function page(db, id, admin) {
  const user = await db.findUser(id);
  if (admin) {
    const audit = await db.findAudit(id);
    return { user, audit };
  }
  return { user };
}`);
    assert.deepEqual(sites.ordering(0, 1), { reason: 'control flow', soft: false });
  });
});
