/**
 * A report is a proof (rules/rule-shell/proofs.js): the shell refuses a report whose proof
 * lacks a link, and the explain setting prints each report's proof under its message.
 */
import assert from 'node:assert/strict';
import { Linter } from 'eslint';
import plugin from '../../index.js';
import { createRule } from '../../rules/rule-shell/create-rule.js';
import { isCompleteProof, proofLines } from '../../rules/rule-shell/proofs.js';

const complete = {
  entry: { label: 'GET /orders', file: 'routes.js' },
  chain: ['listOrders'],
  operations: [{ code: 'db.orders.find()', effect: 'read, from its body' }],
  why: 'neither uses the other',
};

/**
 * A rule that reports every `debugger` statement with the proof it is given.
 * @param {unknown} proof
 */
function ruleReporting(proof) {
  return createRule({
    id: 'probe',
    defaultOptions: {},
    meta: { type: 'problem', docs: { description: 'probe', summary: 'probe' }, schema: [{ type: 'object' }], messages: { found: 'found {{what}}' } },
    create(context) {
      return { DebuggerStatement(node) { context.report({ node, messageId: 'found', data: { what: 'it' }, proof: /** @type {any} */ (proof) }); } };
    },
  });
}

/**
 * @param {any} rule
 * @param {Record<string, unknown>} [settings]
 */
function lint(rule, settings = {}) {
  return new Linter().verify('debugger;', [{ plugins: { p: { rules: { probe: rule } } }, rules: { 'p/probe': 'warn' }, settings }], 'file.js');
}

describe('proofs: the shell reports only what it can prove', () => {
  it('a report with a complete proof is made, its message unchanged', () => {
    const messages = lint(ruleReporting(complete));
    assert.equal(messages.length, 1);
    assert.equal(messages[0].message, 'found it');
  });

  const missing = /** @type {const} */ ([
    ['no proof at all', undefined],
    ['no entry', { ...complete, entry: undefined }],
    ['an empty entry', { ...complete, entry: { label: '', file: null } }],
    ['no chain', { ...complete, chain: [] }],
    ['no operation', { ...complete, operations: [] }],
    ['an operation without its effect', { ...complete, operations: [{ code: 'f()' }] }],
    ['no reason', { ...complete, why: '' }],
  ]);
  for (const [what, proof] of missing) {
    it(`a report with ${what} is not made`, () => {
      assert.equal(isCompleteProof(proof), false);
      assert.deepEqual(lint(ruleReporting(proof)), []);
    });
  }

  it('explain (the shared setting) prints the proof under the message, one line per link', () => {
    const [message] = lint(ruleReporting(complete), { unblock: { explain: true } });
    assert.equal(message.message, ['found it', ...proofLines(complete)].join('\n'));
    assert.match(message.message, /entry: GET \/orders \(routes\.js\)\n {2}chain: listOrders\n {2}operation: db\.orders\.find\(\): read, from its body\n {2}why: neither uses the other$/);
  });

  it('a host\'s proof sink (settings.unblock.onProof) gets each proof where its message starts; the message keeps its id', () => {
    /** @type {any[]} */
    const notes = [];
    const [message] = lint(ruleReporting(complete), { unblock: { onProof: (/** @type {any} */ note) => notes.push(note) } });
    assert.equal(message.message, 'found it');
    assert.equal(message.messageId, 'found');
    assert.deepEqual(notes, [{ ruleId: 'p/probe', line: message.line, column: message.column, lines: proofLines(complete) }]);
    // A report refused for want of a proof reaches the sink no more than the host.
    notes.length = 0;
    assert.deepEqual(lint(ruleReporting(undefined), { unblock: { onProof: (/** @type {any} */ note) => notes.push(note) } }), []);
    assert.deepEqual(notes, []);
  });

  it('every report of the three rules on a route carries a proof that names the route', () => {
    const code = `import express from 'express';
import { pbkdf2Sync } from 'node:crypto';
const app = express();
app.get('/users/:id', async (req, res) => {
  const user = await db.users.findOne(req.params.id);
  const orders = await db.orders.findMany(req.params.id);
  for (const id of req.query.ids) res.write(String(await db.items.findOne(id)));
  res.json({ user, orders, key: pbkdf2Sync(req.query.p, 'salt', 100000, 64, 'sha512') });
});`;
    const rules = Object.fromEntries(Object.keys(plugin.rules).map((id) => [`unblock/${id}`, /** @type {const} */ ('warn')]));
    const messages = new Linter().verify(code, [{ plugins: { unblock: plugin }, rules, settings: { unblock: { explain: true } } }], 'server.js');
    assert.deepEqual(messages.map((m) => m.ruleId).sort(), ['unblock/no-await-waterfall', 'unblock/no-blocking-sync-call']);
    for (const message of messages) assert.match(message.message, /\n {2}entry: GET \/users\/:id \(server\.js\)\n {2}chain: .+\n {2}operation: .+/);
  });
});
