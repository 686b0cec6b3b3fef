import assert from 'node:assert/strict';
import path from 'node:path';
import { adHocFixtureSpec, benchOptions, exportedNames, fixtureLabel, isBenchFixture, looksLikeFactory, owningFixtureDir, LATENCY_CHOICES } from '../../extension/src/bench/choices.js';
import { webviewReportHtml } from '../../extension/src/bench/report-html.js';
import { validateSpec } from '../../packages/unblock-bench/fixture/fixture.js';
import { validateLatencyModel } from '../../packages/unblock-bench/harness/emit/latency.js';

describe('extension: benchmark command helpers', () => {
  it('passes only the bench settings that are set, named as the runner spells them', () => {
    assert.deepEqual(benchOptions({}), {});
    assert.deepEqual(benchOptions({ duration: 0.5, connections: [1, 10], rounds: 2, threadPoolSize: 8 }), { duration: 0.5, connections: [1, 10], rounds: 2, threadpoolSize: 8 });
  });

  it('offers latency models the function harness accepts', () => {
    for (const choice of LATENCY_CHOICES) assert.deepEqual(validateLatencyModel(choice.model), choice.model);
  });

  it('finds the exports of a module', () => {
    const source = [
      'export default function handler(req, res) {}',
      'export async function createServer() {}',
      'export const app = 1;',
      'const a = 1, b = 2;',
      'export { a, b as other };',
      'exports.legacy = () => {};',
    ].join('\n');
    assert.deepEqual(exportedNames(source), ['default', 'createServer', 'app', 'a', 'other', 'legacy']);
    assert.deepEqual(exportedNames('module.exports = (req, res) => {};'), ['default']);
  });

  it('finds the fixture.json that names a file as its entry, up to the workspace folder (the project root)', async () => {
    const root = path.resolve('/work/app');
    const files = {
      [path.join(root, 'fixture.json')]: { entry: 'src/app.ts', export: 'createServer', kind: 'factory', routes: ['/'] },
      [path.join(root, 'src/routes/fixture.json')]: { name: 'another tool', items: [] },
      [path.join(path.dirname(root), 'fixture.json')]: { entry: 'app/src/other.ts', routes: ['/'] },
    };
    const read = async (/** @type {string} */ file) => files[file];
    assert.equal(await owningFixtureDir(path.join(root, 'src/app.ts'), root, read), root);
    // Another entry, another tool's fixture.json, and a fixture.json above the workspace folder are not it.
    assert.equal(await owningFixtureDir(path.join(root, 'src/routes/users.ts'), root, read), undefined);
    assert.equal(await owningFixtureDir(path.join(root, 'src/other.ts'), root, read), undefined);
    assert.equal(isBenchFixture(files[path.join(root, 'src/routes/fixture.json')]), false);
  });

  it('guesses whether an export is a server factory', () => {
    assert.equal(looksLikeFactory('createServer'), true);
    assert.equal(looksLikeFactory('server'), true);
    assert.equal(looksLikeFactory('handler'), false);
    assert.equal(looksLikeFactory('default'), false);
  });

  it('builds an ad-hoc fixture spec that the bench runner validates', () => {
    const raw = adHocFixtureSpec({ name: 'my server!', entry: 'server.js', exportName: 'default', kind: 'handler', route: '/users', rules: ['unblock/no-await-waterfall'] });
    const spec = validateSpec(raw, 'server.js (from VS Code)', raw.name);
    assert.equal(spec.name, 'my-server');
    assert.deepEqual(spec.routes.map((r) => [r.method, r.path]), [['GET', '/users']]);
    assert.equal(spec.kind, 'handler');
  });

  it('labels fixtures by name and title', () => {
    assert.equal(fixtureLabel({ name: 'io', title: 'Six waits' }, 'dir'), 'io: Six waits');
    assert.equal(fixtureLabel({}, 'dir'), 'dir');
  });
});

describe('extension: report webview HTML', () => {
  const report = '<!doctype html>\n<html><head><meta charset="utf-8"><title>r</title></head><body>\n<h1>Unblock bench report</h1></body></html>';

  it('adds a strict CSP allowing only our nonce script, and the toolbar after <body>', () => {
    const html = webviewReportHtml(report, { nonce: 'abc123', applyLabel: 'Apply this fix', note: 'io <fixture>' });
    assert.match(html, /<head>\n<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'nonce-abc123';">/);
    assert.match(html, /<body>\n<div class="unblock-toolbar"><button id="unblock-apply">Apply this fix<\/button><span id="unblock-note">io &#60;fixture&#62;<\/span><\/div>/);
    assert.match(html, /<script nonce="abc123">/);
    assert.equal((html.match(/<script/g) ?? []).length, 1);
    assert.ok(html.indexOf('unblock-toolbar">') < html.indexOf('<h1>Unblock bench report</h1>'));
  });

  it('has no button when there is nothing to apply', () => {
    const html = webviewReportHtml(report, { nonce: 'n', applyLabel: undefined, note: 'x' });
    assert.doesNotMatch(html, /<button/);
  });
});
