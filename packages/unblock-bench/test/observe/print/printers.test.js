/**
 * The observation's printers and files: the ranked terminal table, the HTML page, the JSON the
 * rules read back (file names relative to the project root, which the file names relative to
 * itself), and several fixtures of one project merged into one observations file.
 */
import assert from 'node:assert/strict';
import { formatObservation } from '../../../observe/print/print-terminal.js';
import { renderObservationHtml } from '../../../observe/print/print-html.js';
import { mergeObservations, observationJson } from '../../../observe/observed-file.js';

/** @returns {import('../../../observe/result.js').Observation} */
function observation() {
  return {
    schema: 1,
    tool: { name: 'unblock-bench observe', version: '0.0.0' },
    observedAt: '2025-01-01T00:00:00.000Z',
    fixture: { name: 'shop', title: 'Shop', dir: '/p/app', entry: 'server.js' },
    projectRoot: '/p',
    settings: { connections: 1, duration: 2, warmup: 0.5, threadpoolSize: 4, rules: [], listenTimeout: 10, requestTimeout: 5 },
    routes: [{ route: 'GET /dashboard', requests: 40, non2xx: 0, seconds: 2 }, { route: 'GET /report', requests: 80, non2xx: 2, seconds: 2 }],
    findings: [
      { kind: 'waterfall', file: 'app/routes.js', line: 20, endLine: 22, route: 'GET /dashboard', perRequestMs: 30.1, runs: 40, rule: 'unblock/no-await-waterfall', message: 'waterfall <message>', medianMs: 30, waitsMs: [15, 15, 15] },
      { kind: 'blocking', file: 'app/report.js', line: 4, endLine: 4, route: 'GET /report', perRequestMs: 21, runs: 80, rule: null, message: 'the main thread was busy', medianMs: 21, stack: ['route (app/routes.js:7)', 'renderReport (app/report.js:3)'] },
    ],
    startupOnly: [{ file: 'app/catalogue.js', line: 5, name: 'loadCatalogue', column: 7, endLine: 10, endColumn: 1 }],
    served: [{ file: 'app/routes.js', line: 7, name: 'route', routes: ['GET /dashboard', 'GET /report'], calls: 120 }],
    unobserved: [{ file: 'app/catalogue.js', line: 6, rule: 'unblock/no-blocking-sync-call', message: 'readFileSync…' }],
    files: { 'app/routes.js': { sha256: 'a' } },
    notes: [],
  };
}

describe('observe: printers and files', () => {
  it('prints the ranked table, what was missed with its stack, start-up functions and unrun reports', () => {
    const text = formatObservation(observation(), { observedFile: '.unblock/observed.json' });
    const lines = text.split('\n');
    assert.equal(lines[0], 'Observed shop: 2 routes, each loaded 2 s at 1 connection after a 0.5 s warm-up');
    assert.equal(lines[1], '  GET /dashboard: 40 requests · GET /report: 80 requests (2 not 2xx)');
    const rows = lines.filter((l) => /^\s+\d+\.\d\s/.test(l));
    assert.deepEqual(rows.map((r) => r.trim().split(/\s{2,}/)), [
      ['30.1', 'GET /dashboard', 'waterfall', 'routes.js:20', '40', 'no-await-waterfall'],
      ['21.0', 'GET /report', 'blocking', 'report.js:4', '80', 'missed by the rules'],
    ]);
    assert.ok(lines.includes('  report.js:4 on GET /report: the main thread was busy (median 21.0 ms)'));
    assert.ok(lines.includes('    route (routes.js:7) → renderReport (report.js:3)'));
    assert.ok(lines.includes('  catalogue.js:5  loadCatalogue'));
    assert.ok(lines.includes('  catalogue.js:6  no-blocking-sync-call'));
    assert.match(lines.at(-2) ?? '', /^Wrote \.unblock\/observed\.json: /);
  });

  it('renders the same as an HTML page, escaping what the code and messages hold', () => {
    const html = renderObservationHtml(observation());
    assert.match(html, /<td class="n">30\.1<\/td><td>GET \/dashboard<\/td><td>waterfall<\/td><td><code>routes\.js:20<\/code>/);
    assert.match(html, /waterfall &lt;message&gt;/);
    assert.match(html, /<tr class="missed">/);
    assert.match(html, /<li><code>catalogue\.js:5<\/code> loadCatalogue<\/li>/);
  });

  it('writes the shape the issue asks for, with the root said relative to the file', () => {
    const json = JSON.parse(observationJson(observation(), '/p/.unblock/observed.json'));
    assert.equal(json.root, '..');
    assert.equal(json.projectRoot, undefined);
    const { kind, file, line, route, perRequestMs, runs, rule } = json.findings[0];
    assert.deepEqual({ kind, file, line, route, perRequestMs, runs, rule }, { kind: 'waterfall', file: 'app/routes.js', line: 20, route: 'GET /dashboard', perRequestMs: 30.1, runs: 40, rule: 'unblock/no-await-waterfall' });
    assert.equal(json.findings[1].rule, null);
    assert.deepEqual(Object.keys(json.startupOnly[0]).slice(0, 3), ['file', 'line', 'name']);
    assert.equal(JSON.parse(observationJson(observation(), '/elsewhere/runs.json')).root, '../p');
  });

  it('merges fixtures of one project: start-up only is what no fixture served', () => {
    const a = observation();
    const b = { ...observation(), fixture: { ...a.fixture, name: 'admin' }, startupOnly: [], served: [{ file: 'app/catalogue.js', line: 5, name: 'loadCatalogue', routes: ['GET /admin'], calls: 1 }] };
    const merged = mergeObservations([a, b]);
    assert.equal(merged.fixture.name, 'shop, admin');
    assert.deepEqual(merged.startupOnly, []);
    assert.equal(merged.findings.length, 4);
  });
});
