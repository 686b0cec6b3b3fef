/**
 * The rules read back what `unblock-bench observe` saw (`.unblock/observed.json`): a report in a
 * function that ran only before the server listened is dropped, a report at a place seen on a
 * route carries its measured time, and entries of a file changed since the run are ignored.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import plugin from '../../index.js';
import { setLintBudget } from '../../rules/project/bounds/lint-bounds.js';

/** A start-up helper: nothing in the project calls it where the analysis can see (a plugin loader calls it by name). */
const SETTINGS_LOADER = `import { readFileSync } from 'node:fs';
export async function loadSettings(file) {
  const text = readFileSync(file, 'utf8');
  return JSON.parse(text);
}
`;

const DASHBOARD = `export async function dashboard(api, id) {
  const user = await api.getUser(id);
  const orders = await api.getOrders(id);
  return { user, orders };
}
`;

/** @param {string} text */
const sha256 = (text) => crypto.createHash('sha256').update(text).digest('hex');

describe('rules: runtime observations (.unblock/observed.json)', () => {
  /** @type {string} */
  let root;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-observed-'));
    fs.writeFileSync(path.join(root, 'package.json'), '{ "type": "module" }\n');
    fs.mkdirSync(path.join(root, '.unblock'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  /**
   * @param {string} file relative to the project
   * @param {string} code
   * @param {Record<string, any>} [settings]
   */
  function lint(file, code, settings = {}) {
    const linter = new Linter({ cwd: root });
    const config = [{
      plugins: { unblock: plugin },
      languageOptions: { sourceType: /** @type {const} */ ('module') },
      settings,
      rules: {
        'unblock/no-blocking-sync-call': ['warn', { includeUnknownCallers: true }],
        'unblock/no-await-waterfall': 'warn',
      },
    }];
    return linter.verify(code, /** @type {any} */ (config), { filename: path.join(root, file) });
  }

  /** @param {Record<string, any>} data @param {string} [where] */
  function observe(data, where = '.unblock/observed.json') {
    fs.writeFileSync(path.join(root, where), JSON.stringify({ root: '..', findings: [], startupOnly: [], ...data }));
  }

  it('drops a blocking call in a function that ran only at start-up, which the analysis alone cannot place', () => {
    const before = lint('settings.js', SETTINGS_LOADER);
    assert.deepEqual(before.map((m) => [m.ruleId, m.messageId, m.line]), [['unblock/no-blocking-sync-call', 'blocking', 3]], 'reported while nothing was observed');

    // loadSettings spans lines 2-5 and ends at column 1 of line 5.
    observe({ files: { 'settings.js': { sha256: sha256(SETTINGS_LOADER) } }, startupOnly: [{ file: 'settings.js', line: 2, name: 'loadSettings', endLine: 5, endColumn: 1 }] });
    /** @type {string[]} */
    const warnings = [];
    const previous = setLintBudget({ warn: (message) => warnings.push(message) });
    try {
      assert.deepEqual(lint('settings.js', SETTINGS_LOADER), []);
      assert.deepEqual(lint('settings.js', SETTINGS_LOADER), []);
    } finally {
      setLintBudget(previous);
    }
    // What a repository's file silences is said, once per lint folder, not hidden.
    assert.deepEqual(warnings, ["unblock: .unblock/observed.json says the function around unblock/no-blocking-sync-call's report at settings.js:3 ran only at start-up, so it is not reported; the file is evidence the repository supplies (settings.unblock.observedFile: false ignores it)."]);
  });

  describe('what the observations did, in the explain output', () => {
    const STARTUP = { files: { 'settings.js': { sha256: sha256(SETTINGS_LOADER) } }, startupOnly: [{ file: 'settings.js', line: 2, name: 'loadSettings', endLine: 5, endColumn: 1 }] };
    /** @type {string[]} */
    let warnings;
    /** @type {ReturnType<typeof setLintBudget>} */
    let previous;
    beforeEach(() => {
      warnings = [];
      previous = setLintBudget({ warn: (message) => warnings.push(message) });
    });
    afterEach(() => setLintBudget(previous));

    it('explains a withheld report on the warnings, with its proof and the reason, under `unblock.explain`', () => {
      observe(STARTUP);
      assert.deepEqual(lint('settings.js', SETTINGS_LOADER, { unblock: { explain: true } }), []);
      const explained = warnings.filter((message) => message.startsWith('unblock: not reported:'));
      assert.equal(explained.length, 1, JSON.stringify(warnings));
      const [head, ...lines] = explained[0].split('\n');
      assert.match(head, /^unblock: not reported: unblock\/no-blocking-sync-call at settings\.js:3: `readFileSync\(\)` waits for the disk/);
      assert.ok(lines.some((line) => line.startsWith('  entry: ')), 'the proof is there');
      assert.equal(lines.at(-1), '  withheld: .unblock/observed.json says the function around it ran only at start-up (settings.unblock.observedFile: false ignores the file)');
    });

    it('hands a withheld report to `onProof` with its reason, and an annotated one with an `observed:` line', () => {
      observe(STARTUP);
      /** @type {any[]} */
      const notes = [];
      assert.deepEqual(lint('settings.js', SETTINGS_LOADER, { unblock: { onProof: (/** @type {any} */ note) => notes.push(note) } }), []);
      assert.equal(notes.length, 1);
      assert.deepEqual([notes[0].ruleId, notes[0].line], ['unblock/no-blocking-sync-call', 3]);
      assert.match(notes[0].withheld, /^\.unblock\/observed\.json says the function around it ran only at start-up/);
      assert.ok(!warnings.some((message) => message.startsWith('unblock: not reported:')), 'not printed unless explaining');

      observe({ files: { 'dashboard.js': { sha256: sha256(DASHBOARD) } }, findings: [{ kind: 'waterfall', file: 'dashboard.js', line: 2, route: 'GET /dashboard', perRequestMs: 30.4, runs: 40, rule: 'unblock/no-await-waterfall' }] });
      notes.length = 0;
      const [report] = lint('dashboard.js', DASHBOARD, { unblock: { onProof: (/** @type {any} */ note) => notes.push(note) } });
      assert.equal(report.messageId, 'waterfall', 'the report is made, with its messageId');
      assert.equal(notes.length, 1);
      assert.equal(notes[0].withheld, undefined);
      assert.equal(notes[0].lines.at(-1), '  observed: seen on GET /dashboard: 30 ms lost per request (.unblock/observed.json)');
    });

    it('ends an explained message that the observations annotated with where the figure came from', () => {
      observe({ files: { 'dashboard.js': { sha256: sha256(DASHBOARD) } }, findings: [{ kind: 'waterfall', file: 'dashboard.js', line: 2, route: 'GET /dashboard', perRequestMs: 30.4, runs: 40, rule: 'unblock/no-await-waterfall' }] });
      const [report] = lint('dashboard.js', DASHBOARD, { unblock: { explain: true } });
      const lines = report.message.split('\n');
      assert.match(lines[0], /; seen on GET \/dashboard: 30 ms lost per request\.$/);
      assert.equal(lines.at(-1), '  observed: seen on GET /dashboard: 30 ms lost per request (.unblock/observed.json)');
    });

    it('explains nothing more when there are no observations', () => {
      const [report] = lint('dashboard.js', DASHBOARD, { unblock: { explain: true } });
      assert.ok(!report.message.includes('observed:'));
      assert.deepEqual(warnings, []);
    });
  });

  it('ignores the entries of a file that changed since the run', () => {
    observe({ files: { 'settings.js': { sha256: sha256(SETTINGS_LOADER) } }, startupOnly: [{ file: 'settings.js', line: 2, name: 'loadSettings', endLine: 5, endColumn: 1 }] });
    const edited = SETTINGS_LOADER.replace("'utf8'", "'latin1'");
    assert.deepEqual(lint('settings.js', edited).map((m) => m.line), [3]);
  });

  it('keeps a report in a function that also ran while serving (not start-up only)', () => {
    observe({ files: { 'settings.js': { sha256: sha256(SETTINGS_LOADER) } }, startupOnly: [] });
    assert.equal(lint('settings.js', SETTINGS_LOADER).length, 1);
  });

  it('says on which route a reported waterfall was seen and what it cost per request', () => {
    observe({
      files: { 'dashboard.js': { sha256: sha256(DASHBOARD) } },
      findings: [{ kind: 'waterfall', file: 'dashboard.js', line: 2, route: 'GET /dashboard', perRequestMs: 30.4, runs: 40, rule: 'unblock/no-await-waterfall' }],
    });
    const [report, ...rest] = lint('dashboard.js', DASHBOARD);
    assert.deepEqual(rest, []);
    assert.equal(report.messageId, 'waterfall');
    assert.equal(report.line, 2);
    assert.equal(
      report.message,
      '`getUser()` and `getOrders()` wait for each other though neither uses the other\'s result; start them together with Promise.all; seen on GET /dashboard: 30 ms lost per request.',
    );
    assert.equal(report.suggestions?.[0].desc, 'Start the 2 operations together with Promise.all.', 'suggestions keep their own text');
  });

  it('names the two costliest routes and the blocking time per request', () => {
    observe({
      files: { 'settings.js': { sha256: sha256(SETTINGS_LOADER) } },
      findings: [
        { kind: 'blocking', file: 'settings.js', line: 3, route: 'GET /a', perRequestMs: 2.44, runs: 10, rule: 'unblock/no-blocking-sync-call' },
        { kind: 'blocking', file: 'settings.js', line: 3, route: 'GET /b', perRequestMs: 21, runs: 10, rule: 'unblock/no-blocking-sync-call' },
        { kind: 'blocking', file: 'settings.js', line: 3, route: 'GET /c', perRequestMs: 1, runs: 10, rule: 'unblock/no-blocking-sync-call' },
        // Another rule's finding at the same line says nothing about this report.
        { kind: 'waterfall', file: 'settings.js', line: 3, route: 'GET /d', perRequestMs: 99, runs: 10, rule: 'unblock/no-await-waterfall' },
      ],
    });
    const [report] = lint('settings.js', SETTINGS_LOADER);
    assert.match(report.message, /instead; seen on GET \/b: 21 ms and on GET \/a: 2\.4 ms of event-loop time per request and 1 more route\.$/);
  });

  it('reads another file named by the `unblock.observedFile` setting, and none with `false`', () => {
    const findings = [{ kind: 'waterfall', file: 'dashboard.js', line: 2, route: 'GET /x', perRequestMs: 12, runs: 3, rule: 'unblock/no-await-waterfall' }];
    observe({ files: { 'dashboard.js': { sha256: sha256(DASHBOARD) } }, findings, root: '.' }, 'runs.json');
    assert.match(lint('dashboard.js', DASHBOARD, { unblock: { observedFile: 'runs.json' } })[0].message, /; seen on GET \/x: 12 ms lost per request\.$/);
    observe({ files: { 'dashboard.js': { sha256: sha256(DASHBOARD) } }, findings });
    assert.match(lint('dashboard.js', DASHBOARD, { unblock: { observedFile: false } })[0].message, /Promise\.all\.$/);
  });

  it('lints as before when the observations file is missing or not an observations file', () => {
    assert.match(lint('dashboard.js', DASHBOARD)[0].message, /start them together with Promise\.all\.$/);
    fs.writeFileSync(path.join(root, '.unblock', 'observed.json'), '{ not json');
    assert.match(lint('dashboard.js', DASHBOARD)[0].message, /start them together with Promise\.all\.$/);
  });

  describe('a file the repository supplies, checked before use', () => {
    /** @type {string[]} */
    let warnings;
    /** @type {ReturnType<typeof setLintBudget>} */
    let previous;
    beforeEach(() => {
      warnings = [];
      previous = setLintBudget({ warn: (message) => warnings.push(message) });
    });
    afterEach(() => setLintBudget(previous));

    const finding = (/** @type {unknown} */ route) => ({ kind: 'waterfall', file: 'dashboard.js', line: 2, route, perRequestMs: 30, runs: 4, rule: 'unblock/no-await-waterfall' });

    it('ignores entries of the wrong shape, with a count, and lints as without them', () => {
      observe({
        files: { 'dashboard.js': { sha256: sha256(DASHBOARD) }, 'other.js': null },
        findings: [finding({ toString: 1 }), finding(['GET /x']), { ...finding('GET /ok'), perRequestMs: '5' }, finding('GET /ok')],
        startupOnly: [{ file: 'dashboard.js', endLine: 'five', endColumn: 1 }, 7],
      });
      const [report, ...rest] = lint('dashboard.js', DASHBOARD);
      assert.deepEqual(rest, []);
      assert.match(report.message, /Promise\.all; seen on GET \/ok: 30 ms lost per request\.$/);
      assert.equal(warnings.length, 1, JSON.stringify(warnings));
      assert.match(warnings[0], /^unblock: .*observed\.json: 6 entries not of the format `unblock-bench observe` writes, ignored\.$/);
      lint('dashboard.js', DASHBOARD);
      assert.equal(warnings.length, 1, 'said once for the file as it is');
    });

    it('shows a route with control characters as plain text, and a long one cut to a line', () => {
      observe({ files: { 'dashboard.js': { sha256: sha256(DASHBOARD) } }, findings: [finding('GET /\u001b[2J\u001b]0;owned\u0007\n\u202eevil')] });
      const [escaped] = lint('dashboard.js', DASHBOARD);
      assert.match(escaped.message, /; seen on GET \/\\u001b\[2J\\u001b\]0;owned\\u0007\\u000a\\u202eevil: 30 ms lost per request\.$/);
      assert.ok(![...escaped.message].some((char) => char.charCodeAt(0) < 32 || char === "\u202e"), "no control character left");

      const long = `GET /${'a'.repeat(25_000)}`;
      observe({ files: { 'dashboard.js': { sha256: sha256(DASHBOARD) } }, findings: [finding(long)] });
      const [cut] = lint('dashboard.js', DASHBOARD);
      const shown = /; seen on (.*): 30 ms lost per request\.$/.exec(cut.message)?.[1] ?? '';
      assert.ok(shown.length > 0 && shown.length <= 200, `${shown.length} characters shown`);
      assert.ok(long.startsWith(shown.slice(0, -1)) && shown.endsWith('…'));
    });
  });
});
