import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadFixture, validateSpec } from '../../packages/unblock-bench/index.js';
import { FIXTURES, REPO } from './helpers.js';

const VALID = {
  entry: 'server.js',
  kind: 'handler',
  rules: ['unblock/no-await-waterfall'],
  routes: [{ path: '/' }],
};

/**
 * @param {unknown} raw
 * @returns {string} the one-line error message
 */
function errorOf(raw) {
  try {
    validateSpec(raw, 'fixture.json', 'x');
  } catch (/** @type {any} */ error) {
    assert.equal(error.code, 'FIXTURE_INVALID');
    assert.ok(!error.message.includes('\n'), 'one line');
    return error.message;
  }
  assert.fail('expected a validation error');
}

describe('bench-runner: loading fixtures', () => {
  let tmp;
  before(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'unblock-fixture-test-'));
  });
  after(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it('loads a fixture directory with its source and defaults filled in', async () => {
    const fixture = await loadFixture(path.join(FIXTURES, 'tiny'));
    assert.equal(fixture.spec.name, 'tiny');
    assert.equal(fixture.spec.export, 'default');
    assert.deepEqual(fixture.spec.routes, [{ method: 'GET', path: '/pair', headers: undefined, body: undefined, compare: 'body' }]);
    assert.equal(fixture.spec.bystander.path, '/health');
    assert.match(fixture.source, /await lookup\('a'\)/);
    assert.equal(fixture.entryPath, path.join(FIXTURES, 'tiny', 'server.js'));
  });

  it('accepts the path of the fixture.json itself', async () => {
    const fixture = await loadFixture(path.join(FIXTURES, 'tiny', 'fixture.json'));
    assert.equal(fixture.spec.name, 'tiny');
  });

  it('loads every shipped seed fixture', async () => {
    const names = ['threadpool-six-queries', 'fetch-all-data', 'io-six-upstream', 'pbkdf2-password', 'random-fill', 'gzip-body', 'template-readfilesync', 'negative-control'];
    const fixtures = await Promise.all(names.map((name) => loadFixture(path.join(REPO, 'fixtures', name))));
    fixtures.forEach((fixture, i) => {
      assert.equal(fixture.spec.name, names[i]);
      assert.ok(fixture.spec.bystander, `${names[i]} has a bystander route`);
    });
  });

  it('names a missing directory', async () => {
    await assert.rejects(loadFixture(path.join(tmp, 'nope')), { code: 'FIXTURE_NOT_FOUND', message: /fixture not found: .*nope/ });
  });

  it('names a directory without fixture.json', async () => {
    await assert.rejects(loadFixture(tmp), { code: 'FIXTURE_NOT_FOUND', message: /no fixture.json in/ });
  });

  it('reports malformed JSON in one line', async () => {
    const dir = path.join(tmp, 'bad-json');
    await mkdir(dir);
    await writeFile(path.join(dir, 'fixture.json'), '{ "entry": ');
    await assert.rejects(loadFixture(dir), (/** @type {any} */ error) => {
      assert.equal(error.code, 'FIXTURE_INVALID');
      assert.match(error.message, /is not valid JSON/);
      assert.ok(!error.message.includes('\n'));
      return true;
    });
  });

  it('reports a missing entry file', async () => {
    const dir = path.join(tmp, 'no-entry');
    await mkdir(dir);
    await writeFile(path.join(dir, 'fixture.json'), JSON.stringify(VALID));
    await assert.rejects(loadFixture(dir), { code: 'FIXTURE_INVALID', message: /"entry" file not found: server.js/ });
  });

  it('refuses an entry outside the fixture directory', async () => {
    const dir = path.join(tmp, 'escape');
    await mkdir(dir);
    await writeFile(path.join(dir, 'fixture.json'), JSON.stringify({ ...VALID, entry: '../server.js' }));
    await assert.rejects(loadFixture(dir), { message: /must stay inside the fixture directory/ });
  });

  it('validates each field with a message naming it', () => {
    assert.match(errorOf([]), /must contain a JSON object/);
    assert.match(errorOf({ ...VALID, entyr: 'x' }), /unknown field "entyr"/);
    assert.match(errorOf({ ...VALID, entry: '' }), /"entry" must be a non-empty string/);
    assert.match(errorOf({ ...VALID, kind: 'router' }), /"kind" must be "handler".*"factory"/);
    assert.match(errorOf({ ...VALID, rules: [] }), /"rules" must list at least one/);
    assert.match(errorOf({ ...VALID, rules: ['no-such-rule'] }), /"rules": unknown rule "no-such-rule"/);
    assert.match(errorOf({ ...VALID, routes: [] }), /"routes" must list at least one route/);
    assert.match(errorOf({ ...VALID, routes: [{ path: 'x' }] }), /"routes\[0\].path" must be a string starting with "\/"/);
    assert.match(errorOf({ ...VALID, routes: [{ path: '/', method: 'FETCH' }] }), /"routes\[0\].method" must be one of/);
    assert.match(errorOf({ ...VALID, routes: [{ path: '/', compare: 'headers' }] }), /"routes\[0\].compare" must be "body" or "length"/);
    assert.match(errorOf({ ...VALID, bystander: 5 }), /"bystander" must be a path string/);
    assert.match(errorOf({ ...VALID, threadpoolSize: 0 }), /"threadpoolSize" must be a whole number from 1 to 1024/);
    assert.match(errorOf({ ...VALID, load: { rounds: 3, slices: 2 } }), /unknown field "load.slices"/);
    assert.match(errorOf({ ...VALID, ideal: { kind: 'magic' } }), /"ideal.kind" must be one of/);
    assert.match(errorOf({ ...VALID, ideal: { kind: 'parallel-threadpool' } }), /"ideal.tasks" is required/);
    assert.match(errorOf({ ...VALID, ideal: { kind: 'parallel-io', before: 6 } }), /"ideal.before" and "ideal.after"/);
    assert.match(errorOf({ ...VALID, name: 'has space' }), /"name" may hold/);
  });

  it('normalises short rule names and string routes', () => {
    const spec = validateSpec({ ...VALID, rules: ['no-blocking-sync-call'], routes: ['/a'], bystander: '/b' }, 'f', 'x');
    assert.deepEqual(spec.rules, ['unblock/no-blocking-sync-call']);
    assert.equal(spec.routes[0].path, '/a');
    assert.equal(spec.routes[0].method, 'GET');
    assert.equal(spec.bystander.path, '/b');
    assert.deepEqual(spec.ideal, { kind: 'none' });
  });
});
