import assert from 'node:assert/strict';
import { lintWith } from '../support/apply-suggestions.js';
import { locationOf } from '../support/rule-cases.js';
import rule from '../../rules/no-blocking-sync-call.js';
import { runRuleTests } from './rule-tester.js';
import { anyCaller } from '../support/any-caller.js';

// Where the reported snippet sits in the test input (derived from the input, not from the rule).
const at = locationOf;

/**
 * An invalid case with one report on `snippet` and, when `output` is given,
 * one suggestion producing it.
 * @param {string} code
 * @param {string} snippet
 * @param {string | null} output exact suggestion output, null for "no suggestion"
 * @param {object} [extra] more case properties (options, only, filename, languageOptions)
 */
function invalid(code, snippet, output, extra = {}) {
  const { messageId = 'blocking', ...rest } = /** @type {any} */ (extra);
  return {
    code,
    ...rest,
    errors: [
      {
        messageId,
        ...at(code, snippet),
        suggestions: output === null ? [] : [{ messageId: 'useAsync', output }],
      },
    ],
  };
}

const valid = [
  // --- Found in real code (an e-commerce admin bundler): a factory that reads the page once and
  // returns the handler that serves it runs at set-up, not per request.
  `import fs from 'node:fs'; export function serveIndex(dir) { const html = fs.readFileSync(dir + '/index.html', 'utf8'); return (req, res) => res.end(html); }`,
  // --- Found in real code (CMS and e-commerce monorepos): scaffolders, CLIs, codemods, migration
  // generators and CI actions block nobody; their folders are start-up files by default.
  { code: `import fs from 'node:fs'; export async function copy(a, b) { fs.copyFileSync(a, b); }`, filename: 'packages/create-shop-app/src/utils/copy.js' },
  { code: `import { execSync } from 'node:child_process'; export async function init() { execSync('git init'); }`, filename: 'packages/cli/src/git.js' },
  { code: `import fs from 'node:fs'; export async function createMigration(dir) { fs.mkdirSync(dir); }`, filename: 'packages/db/src/createMigration.ts' },
  { code: `import fs from 'node:fs'; export async function run() { return fs.readFileSync('prompt.md', 'utf8'); }`, filename: '.github/actions/reviewer/src/review.js' },
  // --- Not Node's module: detection follows imports, never names.
  `const crypto = require('crypto'); export async function h(crypto) { return crypto.pbkdf2Sync('p', 's', 1, 32, 'sha256'); }`,
  `const store = { readFileSync() { return 1; } }; export async function h() { return store.readFileSync('x'); }`,
  `export class Job { runSync() {} async handle(db) { this.runSync(); db.execSync('x'); runSync(); } }`,
  `import { readFileSync } from 'my-fs'; export async function h() { return readFileSync('x'); }`,
  `import fs from 'fs/promises'; export async function h(p) { return fs.readFile(p); }`,
  `function require() { return {}; } export async function h() { return require('fs').readFileSync('x'); }`,
  `import { createRequire } from 'my-module'; const req = createRequire(import.meta.url); export async function h() { return req('fs').readFileSync('x'); }`,
  `export async function h(fs) { const { readFileSync } = fs; return readFileSync('x'); }`,

  // --- Not blocking: the callback forms run on the libuv pool.
  `import crypto from 'node:crypto'; export function h(cb) { crypto.randomBytes(4096, cb); crypto.pbkdf2('p', 's', 1e5, 64, 'sha512', cb); }`,
  `import { randomBytes, randomInt } from 'crypto'; export function h(cb) { randomBytes(4096, (err, buf) => cb(buf)); randomInt(10, cb); }`,
  `const fs = require('fs'); export function h(p, cb) { fs.readFile(p, cb); }`,

  // --- Start-up code: runs once, before serving.
  `import fs from 'node:fs'; const config = JSON.parse(fs.readFileSync('config.json', 'utf8')); export default config;`,
  `const fs = require('fs'); (async () => { fs.readFileSync('a'); })(); !function () { fs.statSync('b'); }();`,
  `import fs from 'fs'; function loadConfig() { return fs.readFileSync('config.json'); } const config = loadConfig(); export { config };`,
  `import fs from 'fs'; const load = () => fs.readFileSync('x'); async function main() { load(); } await main();`,
  `import fs from 'fs'; ['a', 'b'].forEach((f) => fs.readFileSync(f));`,
  `import fs from 'fs'; export class Templates { static cache = fs.readFileSync('t.html'); static { Templates.other = fs.readFileSync('o.html'); } }`,
  `import fs from 'fs'; export function start(file) { process.on('exit', () => { fs.writeFileSync(file, 'bye'); }); }`,
  { code: `const fs = require('fs'); module.exports = function handler() { return fs.readFileSync('x'); };`, filename: 'scripts/build.js' },
  { code: `import zlib from 'zlib'; export async function seed(b) { return zlib.gzipSync(b); }`, filename: 'db/migrations/001-init.js' },
  { code: `import fs from 'fs'; export default { plugins: [() => fs.readFileSync('x')] };`, filename: 'vite.config.js' },

  // --- Cheap: small random sizes and existsSync, unless asked for.
  `import crypto from 'crypto'; export async function h() { return crypto.randomBytes(16).toString('hex'); }`,
  `import { randomBytes } from 'node:crypto'; const TOKEN_BYTES = 32; export async function h() { return randomBytes(TOKEN_BYTES); }`,
  `import { randomFillSync } from 'node:crypto'; export async function h() { const buf = Buffer.alloc(16); return randomFillSync(buf); }`,
  `import crypto from 'crypto'; export async function h() { return crypto.randomFillSync(new Uint8Array(64)); }`,
  `import fs from 'fs'; export async function h(p) { return fs.existsSync(p); }`,
  `import { randomInt } from 'crypto'; export async function h() { return randomInt(100); }`,

  // --- Options.
  { code: `import fs from 'fs'; export async function h(p) { return fs.readFileSync(p); }`, options: [{ modules: ['crypto', 'zlib'] }] },
  { code: `import fs from 'fs'; export async function h(p) { return fs.statSync(p); }`, options: [{ ignore: ['statSync'] }] },
  { code: `import fs from 'node:fs'; export async function h(p) { return fs.statSync(p); }`, options: [{ ignore: ['fs.statSync'] }] },
  { code: `import fs from 'node:fs'; export async function h(p) { return fs.statSync(p); }`, options: [{ ignore: ['fs. statSync'] }] },
  { code: `import crypto from 'crypto'; export async function h() { return crypto.randomBytes(2048); }`, options: [{ smallRandomSize: 4096 }] },
  { code: `import fs from 'fs'; export async function h(p) { return fs.readFileSync(p); }`, filename: 'tools/gen.js', options: [{ startupFiles: ['tools/**'] }] },

  // --- Read once and kept for the life of the process: the first request pays once, like start-up
  // (found in real code: a wiki's error page read on the first error and cached in a module variable).
  `import fs from 'fs'; let page; export async function h() { page ??= fs.readFileSync('page.html', 'utf8'); return page; }`,
  `import fs from 'fs'; let page; export async function h() { return page ?? (page = fs.readFileSync('page.html')); }`,
  `import fs from 'fs'; let page = null; export async function h() { if (!page) page = JSON.parse(fs.readFileSync('p.json', 'utf8')); return page; }`,
  `import fs from 'fs'; let page; export async function h() { if (page === undefined) { page = fs.readFileSync('page.html'); } return page; }`,

  // --- Odd input never throws.
  '',
  `/* only a comment */`,
  { code: `var fs = require('fs'); with (Math) { fs.readFileSync('x'); }`, languageOptions: { sourceType: 'script' }, only: 'js' },
  `const x = await import('node:fs'); export {};`,
  `export async function h(m) { return (await import(m)).readFileSync('x'); }`,
];

const cryptoCode = `import crypto from 'node:crypto';
export async function hash(password, salt) {
  const key = crypto.pbkdf2Sync(password, salt, 100000, 64, 'sha512');
  return key.toString('hex');
}`;

const aliasCode = `const { pbkdf2Sync: kdf } = require('crypto');
async function derive(pw) {
  return kdf(pw, 'salt', 600000, 32, 'sha256');
}
module.exports = derive;`;

const namespaceZlib = `import * as zlib from 'zlib';
import { promisify } from 'node:util';
export const handler = async (req, res) => {
  res.end(zlib.gzipSync(req.body));
};`;

const inlineRequire = `exports.inflate = async function (x) {
  return require('zlib').inflateSync(x).toString();
};`;

const namedFs = `import { readFileSync } from 'node:fs';
export async function page(name) {
  return readFileSync(name, 'utf8');
}`;

const alreadyImported = `import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
export async function page(name) {
  const a = await readFile('a');
  return readFileSync(name, 'utf8') + a;
}`;

const utilNamespace = `const util = require("util")
const zlib = require("zlib")
module.exports = async (b) => zlib.brotliCompressSync(b)`;

const execFileCode = `import { execFileSync } from 'child_process';
export async function version() {
  return execFileSync('git', ['--version']);
}`;

const execCode = `const cp = require('node:child_process');
async function list(dir) {
  return cp.execSync('ls', { cwd: dir, encoding: 'utf8' }).trim();
}
module.exports = list;`;

const handlerCode = `const crypto = require('crypto');
app.post('/login', (req, res) => {
  res.json({ key: crypto.scryptSync(req.body.password, 'salt', 64) });
});`;

const exportedAndStartup = `import fs from 'fs';
export function read(p) { return fs.readFileSync(p); }
read('warm-up');`;

const dynamicImport = `export async function h(p) {
  const fs = await import('node:fs');
  return fs.readFileSync(p);
}`;

const createRequireCode = `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const fs = require('fs');
export async function h(p) {
  return fs.readFileSync(p).length;
}`;

const randomCode = `import { randomBytes } from 'crypto';
export async function token(n) {
  return randomBytes(n);
}`;

const tsCode = `import * as fs from 'fs';
export async function h(p: string): Promise<number> {
  const a = fs.readFileSync(p)!;
  return a.length;
}`;

const tsImportEquals = `import zlib = require('zlib');
export async function h(b: Buffer) {
  return zlib.gunzipSync(b) as Buffer;
}`;

const invalidCases = [
  // --- Each API group, member calls on the module object.
  invalid(cryptoCode, `crypto.pbkdf2Sync(password, salt, 100000, 64, 'sha512')`, cryptoCode.replace(
    `crypto.pbkdf2Sync(password, salt, 100000, 64, 'sha512')`,
    `await promisify(crypto.pbkdf2)(password, salt, 100000, 64, 'sha512')`,
  ).replace(`import crypto from 'node:crypto';`, `import crypto from 'node:crypto';\nimport { promisify } from 'node:util';`)),
  invalid(namespaceZlib, 'zlib.gzipSync(req.body)', namespaceZlib.replace('zlib.gzipSync(req.body)', 'await promisify(zlib.gzip)(req.body)')),
  invalid(namedFs, `readFileSync(name, 'utf8')`, `import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
export async function page(name) {
  return await readFile(name, 'utf8');
}`),
  invalid(execFileCode, `execFileSync('git', ['--version'])`, `import { execFile } from 'child_process';
import { promisify } from 'util';
export async function version() {
  return (await promisify(execFile)('git', ['--version'], { encoding: 'buffer' })).stdout;
}`),
  invalid(execCode, `cp.execSync('ls', { cwd: dir, encoding: 'utf8' })`, `const cp = require('node:child_process');
const { promisify } = require('node:util');
async function list(dir) {
  return (await promisify(cp.exec)('ls', { cwd: dir, encoding: 'utf8' })).stdout.trim();
}
module.exports = list;`),
  invalid(`const { spawnSync } = require('child_process'); exports.h = async () => spawnSync('ls');`, `spawnSync('ls')`, null),

  // --- Import styles: aliases, inline require, node: prefix, dynamic import, createRequire.
  invalid(aliasCode, `kdf(pw, 'salt', 600000, 32, 'sha256')`, `const { pbkdf2 } = require('crypto');
const { promisify } = require('util');
async function derive(pw) {
  return await promisify(pbkdf2)(pw, 'salt', 600000, 32, 'sha256');
}
module.exports = derive;`),
  invalid(inlineRequire, `require('zlib').inflateSync(x)`, `const { promisify } = require('util');
exports.inflate = async function (x) {
  return (await promisify(require('zlib').inflate)(x)).toString();
};`),
  invalid(dynamicImport, 'fs.readFileSync(p)', dynamicImport.replace('fs.readFileSync(p)', 'await fs.promises.readFile(p)')),
  invalid(createRequireCode, 'fs.readFileSync(p)', createRequireCode.replace('fs.readFileSync(p).length', '(await fs.promises.readFile(p)).length')),
  invalid(utilNamespace, 'zlib.brotliCompressSync(b)', utilNamespace.replace('zlib.brotliCompressSync(b)', 'await util.promisify(zlib.brotliCompress)(b)')),
  invalid(
    `const fs = require('fs'); exports.h = async (p) => fs?.readFileSync?.(p);`,
    'fs?.readFileSync?.(p)',
    null,
  ),

  // --- A file that already imports what the rewrite needs.
  invalid(alreadyImported, `readFileSync(name, 'utf8')`, alreadyImported.replace(`readFileSync(name, 'utf8')`, `await readFile(name, 'utf8')`)),

  // --- Outside an async function: reported, no rewrite.
  invalid(handlerCode, `crypto.scryptSync(req.body.password, 'salt', 64)`, null, { messageId: 'blockingNoAwait' }),
  invalid(`import zlib from 'zlib'; export class Api { handle(b) { return zlib.deflateSync(b); } }`, 'zlib.deflateSync(b)', null, { messageId: 'blockingNoAwait' }),
  invalid(exportedAndStartup, 'fs.readFileSync(p)', null, { messageId: 'blockingNoAwait' }),
  invalid(`import fs from 'fs'; export class Page { body = fs.readFileSync(this.file); }`, `fs.readFileSync(this.file)`, null, { messageId: 'blockingNoAwait' }),
  invalid(`import fs from 'fs'; process.on('message', (m) => fs.writeFileSync(m.file, m.text));`, `fs.writeFileSync(m.file, m.text)`, null, { messageId: 'blockingNoAwait' }),
  invalid(`import fs from 'fs'; export async function h(name, p = fs.readFileSync(name)) { return p; }`, `fs.readFileSync(name)`, null),

  // --- Sizes and cheap calls.
  invalid(randomCode, 'randomBytes(n)', `import { randomBytes } from 'crypto';
import { promisify } from 'util';
export async function token(n) {
  return await promisify(randomBytes)(n);
}`),
  invalid(`import crypto from 'crypto'; export async function h() { return crypto.randomBytes(4096); }`, 'crypto.randomBytes(4096)', `import crypto from 'crypto';
import { promisify } from 'util'; export async function h() { return await promisify(crypto.randomBytes)(4096); }`),
  invalid(`import fs from 'fs'; export async function h(p) { return fs.existsSync(p); }`, 'fs.existsSync(p)', null, { options: [{ includeCheap: true }] }),

  // --- fix: true turns the suggestion into an autofix (codemod use).
  {
    code: `import fs from 'fs'; export async function h(p) { fs.writeFileSync(p, 'x'); }`,
    options: [{ fix: true }],
    output: `import fs from 'fs'; export async function h(p) { await fs.promises.writeFile(p, 'x'); }`,
    errors: [{ messageId: 'blocking', ...at(`import fs from 'fs'; export async function h(p) { fs.writeFileSync(p, 'x'); }`, `fs.writeFileSync(p, 'x')`) }],
  },

  // --- TypeScript.
  invalid(tsCode, 'fs.readFileSync(p)', tsCode.replace('fs.readFileSync(p)!', '(await fs.promises.readFile(p))!'), { only: 'ts' }),
  // `import x = require()` has no import list to join, so the new import goes first.
  invalid(tsImportEquals, 'zlib.gunzipSync(b)', `import { promisify } from 'util';
import zlib = require('zlib');
export async function h(b: Buffer) {
  return await promisify(zlib.gunzip)(b) as Buffer;
}`, { only: 'ts' }),
];

// --- Where the call runs, with the default options: reported only where it is shown to run per request.
const whereItRunsValid = [
  // Nothing in the project calls it: an unknown caller is not a request path.
  `import crypto from 'node:crypto'; export async function hash(pw, salt) { return crypto.pbkdf2Sync(pw, salt, 100000, 64, 'sha512'); }`,
  // Handed to an emitter at start-up: it may run per event, but nothing shows a request.
  `import fs from 'fs'; import { EventEmitter } from 'node:events'; export const events = new EventEmitter(); events.on('reload', (p) => fs.readFileSync(p));`,
  // A route in the file, but the call is in another function that nothing calls.
  `import express from 'express'; import fs from 'fs'; const app = express(); app.get('/', (req, res) => res.end('ok')); export function load(p) { return fs.readFileSync(p); }`,
];

const inFileRoute = `import express from 'express';
import crypto from 'node:crypto';
const app = express();
app.post('/login', (req, res) => {
  res.json({ key: crypto.scryptSync(req.body.password, 'salt', 64) });
});`;

const helperOfInFileRoute = `import express from 'express';
import crypto from 'node:crypto';
const app = express();
function derive(password) {
  return crypto.scryptSync(password, 'salt', 64);
}
app.post('/login', (req, res) => res.json({ key: derive(req.body.password) }));`;

const whereItRunsInvalid = [
  // A route registered on an express() app in the same file: per request, with no project index needed.
  invalid(inFileRoute, `crypto.scryptSync(req.body.password, 'salt', 64)`, null, { messageId: 'blockingNoAwait' }),
  invalid(helperOfInFileRoute, `crypto.scryptSync(password, 'salt', 64)`, null, { messageId: 'blockingNoAwait' }),
];

const moduleVariableWrites = [
  // Stored in a module variable, but read again on every call.
  invalid(`import fs from 'fs'; let page; export async function h(file) { page = fs.readFileSync(file); return page; }`, `fs.readFileSync(file)`,
    `import fs from 'fs'; let page; export async function h(file) { page = await fs.promises.readFile(file); return page; }`),
  // Guarded by another variable than the one it fills.
  invalid(`import fs from 'fs'; let page; let ready = false; export async function h(file) { if (!ready) page = fs.readFileSync(file); return page; }`, `fs.readFileSync(file)`,
    `import fs from 'fs'; let page; let ready = false; export async function h(file) { if (!ready) page = await fs.promises.readFile(file); return page; }`),
  // A local variable lives for one call only.
  invalid(`import fs from 'fs'; export async function h(file) { let page; page ??= fs.readFileSync(file); return page; }`, `fs.readFileSync(file)`,
    `import fs from 'fs'; export async function h(file) { let page; page ??= await fs.promises.readFile(file); return page; }`),
];
invalidCases.push(...moduleVariableWrites);

describe('unblock/no-blocking-sync-call', () => {
  runRuleTests('no-blocking-sync-call', rule, { valid: [...valid.map(anyCaller), ...whereItRunsValid], invalid: [...invalidCases.map(anyCaller), ...whereItRunsInvalid] });
});

describe('unblock/no-blocking-sync-call names the route', () => {
  it('names a route registered in the same file', () => {
    const [message, ...rest] = lintWith(helperOfInFileRoute, { rule: 'no-blocking-sync-call' });
    assert.equal(rest.length, 0);
    assert.match(message.message, /\(reached from POST \/login in input\.js\)/);
  });
});

describe('unblock/no-blocking-sync-call message for small reads', () => {
  // Measured on the template-readfilesync fixture: the async rewrite of a small per-request read
  // served 0.30x the requests; the message leads with caching the read. A fixed path is the program's
  // own small file, so such a read is reported only when cheap calls are asked for (includeCheap).
  it('offers reading once at start-up before the async rewrite', () => {
    const [message] = lintWith("import fs from 'node:fs'; export async function h(req, res) { res.end(fs.readFileSync('page.html', 'utf8')); }", { rule: 'no-blocking-sync-call', options: { includeUnknownCallers: true, includeCheap: true } });
    assert.match(message.message, /use a read cached at start-up, or await fs\.promises\.readFile\(…\) instead\.$/);
  });

  // The same advice outside an async function ends the sentence cleanly (it once read "readFile(…),.").
  it('ends the sentence cleanly outside an async function', () => {
    const [message] = lintWith("import fs from 'node:fs'; export function h(req, res) { res.end(fs.readFileSync('page.html', 'utf8')); }", { rule: 'no-blocking-sync-call', options: { includeUnknownCallers: true, includeCheap: true } });
    assert.match(message.message, /in an async function, use a read cached at start-up, or await fs\.promises\.readFile\(…\)\.$/);
  });
});
