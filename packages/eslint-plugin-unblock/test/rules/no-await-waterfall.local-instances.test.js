/**
 * A local variable every value of which is `new` of one class (`const diff = new Diff()`, or a `let`
 * given its value inside a `try`) holds an instance of that class: the awaited methods called on it
 * are read from their bodies, not from their names. Motivated by Etherpad's `API.ts:855` (labeled
 * wrong): `getHtml()` fills a field that `getAuthors()` reads, calling `getHtml()` itself while the
 * field is empty, so run together the whole diff is built twice; the names said "two reads".
 */
import assert from 'node:assert/strict';
import { Linter } from 'eslint';
import { runRuleTests } from './rule-tester.js';
import rule from '../../rules/no-await-waterfall.js';

// Synthetic: a per-request invoice whose page count reuses the PDF its first method renders.
const invoice = `import { db, renderer } from './services.js';
class Invoice {
  constructor(order) {
    this.order = order;
    this.pdf = null;
  }
  async getPdf() {
    if (this.pdf !== null) return this.pdf;
    const lines = await db.query('SELECT * FROM invoice_lines WHERE order_id = $1', [this.order.id]);
    this.pdf = await renderer.toPdf(lines);
    return this.pdf;
  }
  async getPageCount() {
    if (this.pdf === null) await this.getPdf();
    return this.pdf.pages;
  }
}
export async function invoiceRoute(req, res) {
  let invoice;
  try {
    invoice = new Invoice(req.order);
  } catch (error) {
    return res.status(400).end();
  }
  const pdf = await invoice.getPdf();
  const pages = await invoice.getPageCount();
  return res.json({ pdf, pages });
}`;

// Reduced from Etherpad (src/node/utils/padDiff.ts and src/node/db/API.ts).
const padDiff = `class PadDiff {
  constructor(pad, fromRev, toRev) {
    this._pad = pad;
    this._html = null;
  }
  async getHtml() {
    if (this._html != null) {
      return this._html;
    }
    const atext = await this._createDiffAtext();
    const authorColors = await this._pad.getAllAuthorColors();
    this._html = await exportHtml.getHTMLFromAtext(this._pad, atext, authorColors);
    return this._html;
  }
  async getAuthors() {
    if (this._html == null) {
      await this.getHtml();
    }
    return this._authors;
  }
}
export const createDiffHTML = async (padID, startRev, endRev) => {
  const pad = await getPadSafe(padID, true);
  let padDiff;
  try {
    padDiff = new PadDiff(pad, startRev, endRev);
  } catch (e) {
    throw { stop: e.message };
  }
  const html = await padDiff.getHtml();
  const authors = await padDiff.getAuthors();
  return { html, authors };
};`;

// Two reads of a mail host, each an HTTP GET in its body.
const mailbox = `class MailStore {
  constructor(base) {
    this.base = base;
  }
  async folders() {
    const res = await fetch(\`\${this.base}/folders\`);
    return res.json();
  }
  async quota() {
    const res = await fetch(\`\${this.base}/quota\`);
    return res.json();
  }
}
export async function mailboxRoute(req, res) {
  let store;
  try {
    store = new MailStore(req.user.mailHost);
  } catch (error) {
    return res.status(502).end();
  }
  const folders = await store.folders();
  const quota = await store.quota();
  return res.json({ folders, quota });
}`;

// Reduced from emailengine (lib/ui-routes/account-routes.js:138): the method maps rows through
// `this.unserializeAccountData.bind(this)`. Binding a method the code defines calls nothing, so
// the listing stays a read once its body is read.
const accounts = `class Account {
  constructor({ redis }) {
    this.redis = redis;
  }
  unserializeAccountData(data) {
    return { ...data, active: data.state === 'connected' };
  }
  async listAccounts(state, page) {
    const result = await this.redis.hgetall(\`accounts:\${state}:\${page}\`);
    return Object.values(result).map(this.unserializeAccountData.bind(this));
  }
}
export function init({ server, call, redis }) {
  server.route({
    method: 'GET',
    path: '/admin/accounts',
    async handler(request) {
      let accountObject = new Account({ redis });
      const runIndex = await call({ cmd: 'runIndex' });
      const accounts = await accountObject.listAccounts(request.query.state, request.query.page);
      return { runIndex, accounts };
    },
  });
}`;

runRuleTests('no-await-waterfall', rule, {
  valid: [invoice, padDiff],
  invalid: [{
    code: accounts,
    errors: [{
      messageId: 'waterfall',
      line: 19,
      suggestions: [{
        messageId: 'startTogether',
        data: { count: '2' },
        output: accounts.replace(
          "      const runIndex = await call({ cmd: 'runIndex' });\n      const accounts = await accountObject.listAccounts(request.query.state, request.query.page);",
          "      const [runIndex, accounts] = await Promise.all([\n        call({ cmd: 'runIndex' }),\n        accountObject.listAccounts(request.query.state, request.query.page),\n      ]);",
        ),
      }],
    }],
  }, {
    code: mailbox,
    errors: [{
      messageId: 'waterfall',
      line: 21,
      suggestions: [{
        messageId: 'startTogether',
        data: { count: '2' },
        output: mailbox.replace('  const folders = await store.folders();\n  const quota = await store.quota();', '  const [folders, quota] = await Promise.all([store.folders(), store.quota()]);'),
      }],
    }],
  }],
});

/**
 * The operation lines of the rule's proofs for `code`.
 * @param {string} code
 */
function operationsOf(code) {
  /** @type {string[]} */
  const lines = [];
  new Linter().verify(code, [{
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { unblock: { rules: { 'no-await-waterfall': rule } } },
    rules: { 'unblock/no-await-waterfall': 'warn' },
    settings: { unblock: { onProof: (/** @type {any} */ note) => lines.push(...note.lines.filter((/** @type {string} */ line) => line.trim().startsWith('operation:'))) } },
  }], 'mailbox.js');
  return lines.map((line) => line.trim());
}

describe('no-await-waterfall: local instances', () => {
  it('reads the methods of a variable only ever given `new` of one class from their bodies', () => {
    assert.deepEqual(operationsOf(mailbox), ['operation: store.folders(): read, from its body: HTTP GET', 'operation: store.quota(): read, from its body: HTTP GET']);
  });

  it('does not take a variable given another value for an instance', () => {
    const reassigned = mailbox.replace('    store = new MailStore(req.user.mailHost);\n', '    store = new MailStore(req.user.mailHost);\n    if (req.query.legacy) store = legacyStore(req.user);\n');
    assert.ok(operationsOf(reassigned).every((line) => /effect unknown/.test(line)), operationsOf(reassigned).join('\n'));
  });
});
