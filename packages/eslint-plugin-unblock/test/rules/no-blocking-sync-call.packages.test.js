import assert from 'node:assert/strict';
import { lintWith } from '../support/apply-suggestions.js';
import { locationOf } from '../support/rule-cases.js';
import rule from '../../rules/no-blocking-sync-call.js';
import { runRuleTests } from './rule-tester.js';
import { anyCaller } from '../support/any-caller.js';

/**
 * One report on `snippet` with the given message id and exactly these suggestion outputs.
 * @param {string} code
 * @param {string} snippet
 * @param {string} messageId
 * @param {string[]} outputs exact output of each suggestion, best first
 * @param {object} [extra] more case properties (options, only, filename)
 */
function invalid(code, snippet, messageId, outputs, extra = {}) {
  return {
    code,
    ...extra,
    errors: [{ messageId, ...locationOf(code, snippet), suggestions: outputs.map((output) => ({ messageId: 'usePackageAsync', output })) }],
  };
}

// No node_modules above /tmp: the native bcrypt package does not resolve from there.
const outsideProject = '/tmp/unblock-no-bcrypt/src/login.js';

const valid = [
  // --- Start-up code: a seed hash or a key derived once at load delays boot once, not every request.
  `import bcrypt from 'bcrypt'; const adminHash = bcrypt.hashSync('admin', 10); export default adminHash;`,
  `const CryptoJS = require('crypto-js'); const key = CryptoJS.PBKDF2('secret', 'salt', { iterations: 1000 }); module.exports = key;`,
  { code: `import bcryptjs from 'bcryptjs'; export async function seed(db) { await db.insert(bcryptjs.hashSync('admin', 10)); }`, filename: 'db/seeds/users.js' },

  // --- Cheap calls: a salt is 16 random bytes; RSA verification and EC signing take well under a millisecond.
  `import bcrypt from 'bcrypt'; export async function h() { return bcrypt.genSaltSync(10); }`,
  `import { genSaltSync } from 'bcryptjs'; export async function h() { return genSaltSync(12); }`,
  `import jwt from 'jsonwebtoken'; export async function h(t, key) { return jwt.verify(t, key, { algorithms: ['RS256'] }); }`,
  `import jwt from 'jsonwebtoken'; export async function h(p, key) { return jwt.sign(p, key, { algorithm: 'ES256' }); }`,

  // --- Not asymmetric, or the analysis cannot see the algorithm: not reported.
  `import jwt from 'jsonwebtoken'; export async function h(p) { return jwt.sign(p, process.env.SECRET, { algorithm: 'HS256' }); }`,
  `import jwt from 'jsonwebtoken'; export async function h(p, key, options) { return jwt.sign(p, key, options); }`,
  `import jwt from 'jsonwebtoken'; export async function h(p, key) { return jwt.sign(p, key); }`,
  `import jwt from 'jsonwebtoken'; export async function h(p, key, o) { return jwt.sign(p, key, { algorithm: 'RS256', ...o }); }`,
  `import jwt from 'jsonwebtoken'; export async function h(t, key) { return jwt.verify(t, key, { algorithms: ['RS256', 'HS256'] }); }`,

  // --- Asynchronous forms: node-forge's callback form runs Node's pbkdf2 on the pool (bcryptjs's does not: see below).
  `const forge = require('node-forge'); exports.h = (pw, cb) => forge.pkcs5.pbkdf2(pw, 'salt', 1000, 32, 'sha256', cb);`,
  `const forge = require('node-forge'); exports.h = (pw, cb) => forge.pkcs5.pbkdf2(pw, 'salt', 1000, 32, (err, key) => cb(key));`,
  // A fifth argument that may be a digest name or a callback: unsure, so silent.
  `const forge = require('node-forge'); exports.h = (pw, next) => forge.pkcs5.pbkdf2(pw, 'salt', 1000, 32, next);`,
  // Papa.parse with step/chunk streams the input; an options object it cannot read may do so too.
  `import Papa from 'papaparse'; export async function h(stream, onRow) { Papa.parse(stream, { step: onRow }); }`,
  `import Papa from 'papaparse'; export async function h(text, config) { return Papa.parse(text, config); }`,
  // Found in real code (a CMS's CSV import): a Node stream input parses as the data arrives.
  `import Papa from 'papaparse'; export async function h(file) { return file.pipe(Papa.parse(Papa.NODE_STREAM_INPUT, { header: true })); }`,
  `import Papa from 'papaparse'; import fs from 'node:fs'; export async function h(p, done) { Papa.parse(fs.createReadStream(p), { complete: done }); }`,

  // --- Not the package: detection follows imports, never names.
  `const bcrypt = require('./bcrypt'); exports.h = async (pw) => bcrypt.hashSync(pw, 10);`,
  `import { hashSync } from 'my-bcrypt'; export async function h(pw) { return hashSync(pw, 10); }`,
  `export async function h(bcrypt, pw) { return bcrypt.hashSync(pw, 10); }`,
  `import pako from 'pako'; export async function h(pako, b) { return pako.gzip(b); }`,
  `import CryptoJS from 'crypto-js'; export async function h(x) { return CryptoJS.SHA256(x).toString(); }`,

  // --- Options.
  { code: `import bcrypt from 'bcrypt'; export async function h(pw) { return bcrypt.hashSync(pw, 10); }`, options: [{ packages: ['pako'] }] },
  { code: `import bcrypt from 'bcrypt'; export async function h(pw) { return bcrypt.hashSync(pw, 10); }`, options: [{ ignore: ['bcrypt.hashSync'] }] },
];

const bcryptEsm = `import bcrypt from 'bcrypt';
export async function register(req, res) {
  const hash = bcrypt.hashSync(req.body.password, 12);
  res.json({ hash });
}`;

const bcryptAlias = `const { compareSync: matches } = require('bcrypt');
async function login(user, password) {
  return matches(password, user.hash);
}
module.exports = login;`;

const bcryptNamespace = `import * as bcrypt from 'bcrypt';
export const check = async (pw, hash) => bcrypt.compareSync(pw, hash) && pw.length > 0;`;

const bcryptjsHash = `import bcryptjs from 'bcryptjs';
const SALT = '$2b$10$abcdefghijklmnopqrstuu';
export async function hashPassword(password) {
  return bcryptjs.hashSync(password, SALT);
}`;

const bcryptjsCompare = `const bcrypt = require('bcryptjs');
exports.login = async (password, stored) => {
  if (!bcrypt.compareSync(password, stored)) throw new Error('no');
};`;

const forgeCode = `const forge = require('node-forge');
exports.derive = async (password, salt) => {
  const key = forge.pkcs5.pbkdf2(password, salt, 10000, 32, 'sha256');
  return forge.util.bytesToHex(key);
};`;

const pakoNamed = `import { inflate } from 'pako';
import { promisify } from 'node:util';
export async function unpack(body) {
  return JSON.parse(new TextDecoder().decode(inflate(body)));
}`;

const pakoDynamic = `export async function pack(body) {
  const pako = await import('pako');
  return pako.gzip(body);
}`;

const jwtCode = `const jwt = require('jsonwebtoken');
const privateKey = process.env.JWT_PRIVATE_KEY;
app.post('/token', (req, res) => {
  res.json({ token: jwt.sign({ sub: req.user.id }, privateKey, { algorithm: 'RS256', expiresIn: req.ttl }) });
});`;

const jwtCallback = `import { sign } from 'jsonwebtoken';
const OPTIONS = { algorithm: 'PS512' };
export function token(req, res) {
  sign({ sub: req.user }, req.app.key, OPTIONS, (err, t) => res.end(t));
}`;

const papaCode = `import Papa from 'papaparse';
export async function exportCsv(req, res) {
  res.end(Papa.unparse(await req.db.rows()));
}`;

const invalidCases = [
  // --- bcrypt (native): the promise forms run on the libuv pool.
  invalid(bcryptEsm, 'bcrypt.hashSync(req.body.password, 12)', 'packageBlocking', [bcryptEsm.replace('bcrypt.hashSync(', 'await bcrypt.hash(')]),
  invalid(bcryptAlias, 'matches(password, user.hash)', 'packageBlocking', [
    bcryptAlias.replace('{ compareSync: matches }', '{ compareSync: matches, compare }').replace('return matches(', 'return await compare('),
  ]),
  invalid(bcryptNamespace, 'bcrypt.compareSync(pw, hash)', 'packageBlocking', [bcryptNamespace.replace('bcrypt.compareSync(pw, hash)', 'await bcrypt.compare(pw, hash)')]),
  invalid(`import bcrypt from 'bcrypt'; export function h(pw) { return bcrypt.hashSync(pw, 10); }`, 'bcrypt.hashSync(pw, 10)', 'packageBlocking', []),

  // --- bcryptjs: native bcrypt when it is installed and the salt keeps the same hash; never bcryptjs's own
  // async form, which runs the same work on the main thread (it made a login route slower under load).
  invalid(bcryptjsHash, 'bcryptjs.hashSync(password, SALT)', 'bcryptjsBlocking', [
    bcryptjsHash.replace(`import bcryptjs from 'bcryptjs';`, `import bcryptjs from 'bcryptjs';\nimport { hash } from 'bcrypt';`).replace('bcryptjs.hashSync(', 'await hash('),
  ]),
  // Without native bcrypt there is nothing to rewrite to: the report alone.
  invalid(bcryptjsHash, 'bcryptjs.hashSync(password, SALT)', 'bcryptjsBlocking', [], { filename: outsideProject, only: 'js' }),
  // Stored $2y$ hashes (PHP) verify with bcryptjs and not with bcrypt: no switch for compareSync, so no rewrite.
  invalid(bcryptjsCompare, 'bcrypt.compareSync(password, stored)', 'bcryptjsBlocking', []),

  // --- node-forge: the same function with a callback.
  invalid(forgeCode, `forge.pkcs5.pbkdf2(password, salt, 10000, 32, 'sha256')`, 'packageBlocking', [
    forgeCode.replace(`const forge = require('node-forge');`, `const forge = require('node-forge');\nconst { promisify } = require('util');`).replace('forge.pkcs5.pbkdf2(', 'await promisify(forge.pkcs5.pbkdf2)('),
  ]),
  invalid(`import forge from 'node-forge'; export async function h(p) { return forge.pbkdf2(p, 's', 1, 16); }`, `forge.pbkdf2(p, 's', 1, 16)`, 'packageBlocking', [
    `import forge from 'node-forge';\nimport { promisify } from 'util'; export async function h(p) { return await promisify(forge.pbkdf2)(p, 's', 1, 16); }`,
  ]),

  // --- pako: node:zlib, same bytes, same type.
  invalid(pakoNamed, 'inflate(body)', 'packageBlocking', [
    pakoNamed.replace(`import { promisify } from 'node:util';`, `import { promisify } from 'node:util';\nimport { unzip } from 'node:zlib';`).replace('decode(inflate(body))', 'decode(new Uint8Array(await promisify(unzip)(body)))'),
  ]),
  invalid(pakoDynamic, 'pako.gzip(body)', 'packageBlocking', [`import { gzip } from 'zlib';\nimport { promisify } from 'util';\n${pakoDynamic.replace('pako.gzip(body)', 'new Uint8Array(await promisify(gzip)(body))')}`]),
  // Options mean different things to pako and zlib: reported, no rewrite.
  invalid(`import pako from 'pako'; export async function h(b) { return pako.deflate(b, { level: 9 }); }`, 'pako.deflate(b, { level: 9 })', 'packageBlocking', []),

  // --- crypto-js: Node's pbkdf2 returns another type, so only the report.
  invalid(`exports.h = async (pw) => require('crypto-js').PBKDF2(pw, 'salt', { iterations: 1000 });`, `require('crypto-js').PBKDF2(pw, 'salt', { iterations: 1000 })`, 'packageBlocking', []),
  invalid(`import PBKDF2 from 'crypto-js/pbkdf2'; export async function h(pw) { return PBKDF2(pw, 'salt').toString(); }`, `PBKDF2(pw, 'salt')`, 'packageBlocking', []),

  // --- jsonwebtoken: RSA signing has no asynchronous form; the callback form is reported too.
  invalid(jwtCode, `jwt.sign({ sub: req.user.id }, privateKey, { algorithm: 'RS256', expiresIn: req.ttl })`, 'offloadToWorker', []),
  invalid(jwtCallback, `sign({ sub: req.user }, req.app.key, OPTIONS, (err, t) => res.end(t))`, 'offloadToWorker', []),
  invalid(`import jwt from 'jsonwebtoken'; export async function h(t, key) { return jwt.verify(t, key, { algorithms: ['RS256'] }); }`, `jwt.verify(t, key, { algorithms: ['RS256'] })`, 'offloadToWorker', [], { options: [{ includeCheap: true }] }),

  // --- papaparse: a whole data set to CSV on the main thread.
  invalid(papaCode, 'Papa.unparse(await req.db.rows())', 'offloadToWorker', []),
  invalid(`const papaparse = require('papaparse'); exports.h = async (data) => papaparse.parse(data.issues, { header: true, transform(v) { return v.trim(); } });`, `papaparse.parse(data.issues, { header: true, transform(v) { return v.trim(); } })`, 'offloadToWorker', []),

  // --- fix: true applies the first rewrite.
  {
    code: bcryptEsm,
    options: [{ fix: true }],
    output: bcryptEsm.replace('bcrypt.hashSync(', 'await bcrypt.hash('),
    errors: [{ messageId: 'packageBlocking', ...locationOf(bcryptEsm, 'bcrypt.hashSync(req.body.password, 12)') }],
  },

  // --- TypeScript: import = require.
  invalid(`import bcrypt = require('bcrypt');\nexport async function h(pw: string) { return bcrypt.hashSync(pw, 10) as string; }`, 'bcrypt.hashSync(pw, 10)', 'packageBlocking', [
    `import bcrypt = require('bcrypt');\nexport async function h(pw: string) { return await bcrypt.hash(pw, 10) as string; }`,
  ], { only: 'ts' }),
];

// --- Where the call runs, with the default options: package calls follow the same rule as Node's.
const whereItRunsValid = [
  // Nothing in the project calls it: an unknown caller is not a request path.
  `import bcrypt from 'bcrypt'; export async function h(pw) { return bcrypt.hashSync(pw, 10); }`,
];

const koaLogin = `import Router from '@koa/router';
import bcryptjs from 'bcryptjs';
const router = new Router();
router.post('/login', async (ctx) => {
  ctx.body = bcryptjs.compareSync(ctx.request.body.password, ctx.state.hash);
});
export default router;`;

const whereItRunsInvalid = [
  // A Koa route in the same file runs it per request.
  invalid(koaLogin, 'bcryptjs.compareSync(ctx.request.body.password, ctx.state.hash)', 'bcryptjsBlocking', []),
];

describe('unblock/no-blocking-sync-call: npm packages', () => {
  runRuleTests('no-blocking-sync-call', rule, { valid: [...valid.map(anyCaller), ...whereItRunsValid], invalid: [...invalidCases.map(anyCaller), ...whereItRunsInvalid] });
});

describe('unblock/no-blocking-sync-call: bcryptjs async forms (the same work, on the main thread)', () => {
  runRuleTests('no-blocking-sync-call', rule, {
    valid: [
      // Start-up: a seed hash made once at load.
      `import bcryptjs from 'bcryptjs'; export const adminHash = await bcryptjs.hash(process.env.ADMIN_PASSWORD, 10);`,
    ],
    invalid: [
      invalid(`import express from 'express';
import bcryptjs from 'bcryptjs';
const app = express();
app.post('/login', async (req, res) => res.json({ ok: await bcryptjs.compare(req.body.password, req.user.hash) }));`, 'bcryptjs.compare(req.body.password, req.user.hash)', 'bcryptjsAsyncBlocking', []),
      anyCaller(invalid(`const bcryptjs = require('bcryptjs'); exports.h = (pw, cb) => bcryptjs.hash(pw, 8, cb);`, 'bcryptjs.hash(pw, 8, cb)', 'bcryptjsAsyncBlocking', [])),
    ],
  });

  it('says the cost factor and why the promise is no cure', () => {
    const code = `import express from 'express';
import bcryptjs from 'bcryptjs';
const app = express();
app.post('/signup', async (req, res) => res.json({ hash: await bcryptjs.hash(req.body.password, 8) }));`;
    const [message] = lintWith(code, { rule: 'no-blocking-sync-call' });
    assert.equal(
      message.message,
      "bcryptjs.hash() hashes with bcrypt in JavaScript on the main thread (cost factor 8: about 25 ms per hash): its asynchronous form runs the same work on the main thread, yielding to other requests only after each 100 ms of it, so at cost factor 8 a hash still blocks in one piece (reached from POST /signup in input.js). Use native bcrypt's hash() (the same hash, computed on the libuv thread pool), or run it on a worker thread.",
    );
  });
});

describe('unblock/no-blocking-sync-call: package messages', () => {
  /** @param {string} code */
  const messageOf = (code) => lintWith(code, { rule: 'no-blocking-sync-call', options: { includeUnknownCallers: true } })[0].message;
  /** @param {string} args */
  const hashCall = (args) => `import bcryptjs from 'bcryptjs';\nconst ROUNDS = 12;\nexport async function h(pw, rounds) { return bcryptjs.hashSync(${args}); }`;

  it('reads the cost factor from a constant salt, and says the async form still blocks in one piece at that cost', () => {
    assert.equal(
      messageOf(bcryptjsHash),
      "bcryptjs.hashSync() hashes with bcrypt in JavaScript on the main thread (cost factor 10: about 100 ms per hash), so no other request is served until it returns. Its async form, bcryptjs.hash(), is no cure: it yields to other requests only after each 100 ms of work, so at cost factor 10 a hash still blocks in one piece. Use native bcrypt's hash() (the same hash, computed on the libuv thread pool), or run it on a worker thread.",
    );
  });

  it('reads a literal or constant cost factor, and the default of 10 when there is no salt', () => {
    assert.match(messageOf(hashCall('pw, 8')), /\(cost factor 8: about 25 ms per hash\).*so at cost factor 8 a hash still blocks in one piece\./);
    assert.match(messageOf(hashCall('pw, ROUNDS')), /\(cost factor 12: about 400 ms per hash\).*so at cost factor 12 the event loop still stalls 100 ms at a time, and the hash takes as long\./);
    assert.match(messageOf(hashCall('pw')), /\(cost factor 10: about 100 ms per hash\)/);
    assert.match(messageOf(hashCall("pw, '$2y$14$abcdefghijklmnopqrstuu'")), /\(cost factor 14: about 1\.6 s per hash\)/);
  });

  it('says what one hash costs by cost factor when the call does not show it, and never promises a responsive loop', () => {
    const message = messageOf(hashCall('pw, rounds'));
    assert.match(message, /\(about 100 ms at cost factor 10, twice as long for each step up\)/);
    assert.match(message, /at the usual cost factors \(10 to 12\) a hash still blocks in one piece or 100 ms at a time/);
    assert.doesNotMatch(message, /responsive/);
  });

  it('names native bcrypt compare (and what it rejects) for compareSync, with the cost read from a stored hash', () => {
    const code = `const bcrypt = require('bcryptjs');\nconst STORED = '$2b$11$abcdefghijklmnopqrstuu0123456789012345678901234567890';\nexports.check = async (pw) => bcrypt.compareSync(pw, STORED);`;
    assert.equal(
      messageOf(code),
      "bcryptjs.compareSync() checks the password with bcrypt in JavaScript on the main thread (cost factor 11: about 200 ms per check), so no other request is served until it returns. Its async form, bcryptjs.compare(), is no cure: it yields to other requests only after each 100 ms of work, so at cost factor 11 the event loop still stalls 100 ms at a time, and the hash takes as long. Use native bcrypt's compare() (on the libuv thread pool; unlike bcryptjs it rejects PHP's $2y$ hashes), or run it on a worker thread.",
    );
  });

  it('says that the jsonwebtoken callback form is synchronous too, and names a worker pool', () => {
    const [message] = lintWith(jwtCallback, { rule: 'no-blocking-sync-call', options: { includeUnknownCallers: true } });
    assert.match(message.message, /callback form signs on the main thread too/);
    assert.match(message.message, /worker pool \(piscina\)/);
  });
});
