/**
 * Proof, then value (issue 41): each gate that keeps a true-but-worthless report silent, tested on a
 * synthetic case whose names and shapes differ from the corpus and on a case reduced from the real
 * backend that motivated it (named in each comment). docs/real-code.md states each principle.
 */
import { runRuleTests } from '../rules/rule-tester.js';
import loopRule from '../../rules/no-loop-waterfall.js';
import awaitRule from '../../rules/no-await-waterfall.js';
import blockingRule from '../../rules/no-blocking-sync-call.js';

/** A route in the file itself, so the blocking rule has a request path to prove. */
const route = (/** @type {string} */ body) => `import express from 'express';
import fs from 'node:fs';
import path from 'node:path';
const app = express();
app.get('/page/:name', async (req, res) => {
${body}
});`;

describe('value gates: no-loop-waterfall', () => {
  runRuleTests('no-loop-waterfall', loopRule, {
    valid: [
      // Ordered hooks: the element is code (a configured stage), its method's body is whatever is configured.
      `async function runPipeline(pipeline, ctx) {
  for (const stage of pipeline.stages) await stage.apply(ctx);
}`,
      // Reduced from Vendure's state machines: the hook call sits inside a helper that awaits it.
      `async function onTransitionEnd(processes, fromState, toState, data) {
  for (const process of processes) {
    if (typeof process.onTransitionEnd === 'function') {
      await settle(process.onTransitionEnd(fromState, toState, data));
    }
  }
}`,
      // A read-sounding name on the element is no proof either: `check.load()` may do anything a plugin wants.
      `async function warm(checks) { for (const check of checks) await check.load(); }`,
      // Loops that start nothing: the promises are already running.
      `async function drain(inFlight) {
  const results = [];
  for (const pending of inFlight) results.push(await pending);
  return results;
}`,
      // Reduced from Etherpad's copyPad: a stream buffered 100 at a time already bounds the overlap.
      `async function copy(promises) {
  for (const p of new Stream(promises).batch(100).buffer(99)) await p;
}`,
      // Reduced from Etherpad's export: destructured from the element, still a started promise.
      `async function collect(records) {
  const data = {};
  for (const [key, p] of records) data[key] = await p;
  return data;
}`,
      // Writes are silent by default: run together, every write has started before the first failure is seen.
      `async function purge(paths) { for (const file of paths) await removeFile(file); }`,
      // Reduced from Vendure's order service: a save per modification.
      `async function settle(repo, modifications, payment) {
  for (const modification of modifications) {
    modification.payment = payment;
    await repo.save(modification);
  }
}`,
    ],
    invalid: [
      // The same reads a reviewer wants reported: one lookup per key, on a route.
      {
        code: `async function prices(codes, quotes) {
  const out = [];
  for (const code of codes) out.push(await quotes.get(code));
  return out;
}`,
        errors: [{
          messageId: 'loopWaterfall',
          suggestions: [{ messageId: 'runTogether', output: `async function prices(codes, quotes) {
  const out = await Promise.all(Array.from(codes, (code) => quotes.get(code)));
  return out;
}` }],
        }],
      },
      // The write loop again, with includeWrites.
      {
        code: `async function purge(paths) { for (const file of paths) await removeFile(file); }`,
        options: [{ includeWrites: true }],
        errors: [{
          messageId: 'loopWaterfall',
          suggestions: [{ messageId: 'runTogether', output: `async function purge(paths) { await Promise.all(Array.from(paths, (file) => removeFile(file))); }` }],
        }],
      },
    ],
  });
});

describe('value gates: no-await-waterfall', () => {
  runRuleTests('no-await-waterfall', awaitRule, {
    valid: [
      // Loading modules: once per process, answered from the module cache afterwards.
      `async function plugins() {
  const { render } = await import('./render.js');
  const { mail } = await import('./mail.js');
  return { render, mail };
}`,
      // Reduced from Vendure's process init(): dynamic imports of modules the app already loaded.
      `async function init(injector) {
  const OrderService = await import('../../service/index.js').then((m) => m.OrderService);
  const ChannelService = await import('../../service/index.js').then((m) => m.ChannelService);
  this.orderService = injector.get(OrderService);
  this.channelService = injector.get(ChannelService);
}`,
    ],
    invalid: [
      // A helper that changes only an object it is handed by a caller that made it: the caller stays a read.
      // (Reduced from emailengine: decode() hands bufferize() the value it just decoded.)
      {
        code: `function normalize(record) { for (const key of Object.keys(record)) record[key] = String(record[key]); return record; }
async function loadUser(db, id) { const row = await db.users.findOne(id); return normalize(row); }
async function loadTeam(db, id) { const row = await db.teams.findOne(id); return normalize(row); }
export async function show(db, userId, teamId) {
  const user = await loadUser(db, userId);
  const team = await loadTeam(db, teamId);
  return { user, team };
}`,
        errors: [{
          messageId: 'waterfall',
          suggestions: [{ messageId: 'startTogether', output: `function normalize(record) { for (const key of Object.keys(record)) record[key] = String(record[key]); return record; }
async function loadUser(db, id) { const row = await db.users.findOne(id); return normalize(row); }
async function loadTeam(db, id) { const row = await db.teams.findOne(id); return normalize(row); }
export async function show(db, userId, teamId) {
  const [user, team] = await Promise.all([
    loadUser(db, userId),
    loadTeam(db, teamId),
  ]);
  return { user, team };
}` }],
        }],
      },
    ],
  });
});

describe('value gates: no-blocking-sync-call (cost)', () => {
  runRuleTests('no-blocking-sync-call', blockingRule, {
    valid: [
      // One inode: a metadata operation costs microseconds.
      route(`  if (!fs.existsSync('/var/cache/pages')) fs.mkdirSync('/var/cache/pages');
  res.send(String(fs.statSync(req.params.name).size));`),
      // The program's own small file (a path made of constants and its own location): cheap.
      route(`  res.send(fs.readFileSync(path.join(import.meta.dirname, 'views', 'page.html'), 'utf8'));`),
      // Reduced from Etherpad's getGitCommit: a local built from a fixed root and the file's own content.
      route(`  let root = process.cwd();
  if (fs.lstatSync(root + '/.git').isFile()) root = fs.readFileSync(root + '/.git', 'utf8').trim();
  const ref = fs.readFileSync(root + '/HEAD', 'utf8');
  res.send(fs.readFileSync(root + '/' + ref.slice(5).trim(), 'utf8'));`),
      // Once per key: a module-level map the lookup falls back from and the function fills.
      `import express from 'express';
import fs from 'node:fs';
const compiled = new Map();
const app = express();
app.get('/t/:name', (req, res) => {
  const file = req.params.name;
  const render = compiled.get(file) || compile(fs.readFileSync(file, 'utf8'));
  compiled.set(file, render);
  res.send(render(req.query));
});`,
      // Reduced from Etherpad's eejs.require: the template cache checked behind a setting.
      `import express from 'express';
import fs from 'node:fs';
const templateCache = new Map();
const app = express();
app.get('/js', (req, res) => {
  const ejspath = req.query.name;
  const cache = settings.maxAge !== 0;
  const template = cache && templateCache.get(ejspath) || ejs.compile(\`\${fs.readFileSync(ejspath).toString()}\`);
  if (cache) templateCache.set(ejspath, template);
  res.send(template());
});`,
    ],
    invalid: [
      // A file the request names (an upload, a user's file): its size is unknown, so it is reported.
      {
        code: route(`  res.send(fs.readFileSync(req.params.name));`),
        errors: [{ messageId: 'blocking', suggestions: [{ messageId: 'useAsync', output: route(`  res.send(await fs.promises.readFile(req.params.name));`) }] }],
      },
      // The cheap calls again, asked for.
      {
        code: route(`  res.send(String(fs.statSync(req.params.name).size));`),
        options: [{ includeCheap: true }],
        errors: [{ messageId: 'blocking', suggestions: [{ messageId: 'useAsync', output: route(`  res.send(String((await fs.promises.stat(req.params.name)).size));`) }] }],
      },
      // A module-level variable a request assigns is no fixed path: the next request reads what it named.
      {
        code: `import express from 'express';
import fs from 'node:fs';
let current = './default.txt';
const app = express();
app.post('/pick', (req, res) => { current = req.body.file; res.end(); });
app.get('/read', (req, res) => res.send(fs.readFileSync(current)));`,
        errors: [{ messageId: 'blockingNoAwait' }],
      },
      // A lookup that is never filled is no cache: every request reads.
      {
        code: `import express from 'express';
import fs from 'node:fs';
const compiled = new Map();
const app = express();
app.get('/t/:name', (req, res) => {
  const render = compiled.get(req.params.name) || compile(fs.readFileSync(req.params.name, 'utf8'));
  res.send(render(req.query));
});`,
        errors: [{ messageId: 'blockingNoAwait' }],
      },
    ],
  });
});
