import assert from 'node:assert/strict';
import { Linter } from 'eslint';
import { fileURLToPath } from 'node:url';
import { runRuleTests } from './rule-tester.js';
import rule from '../../rules/no-loop-waterfall.js';

/** Wraps loop code in an async function, as it appears in real code. */
const inAsync = (/** @type {string} */ body) => `async function run(items, db, api) {\n${body}\n}`;

const valid = [
  // --- Found in real code (an e-commerce event bus): events are delivered in order, whatever
  // the method's first word.
  inAsync(`  for (const event of events) {
    await this.groupOrEmitEvent(event);
  }`),
  // --- An iteration reads what an earlier one wrote ---
  // Cursor pagination: each page needs the previous page's cursor.
  inAsync(`  let cursor = null;
  for (const page of pages) {
    const res = await api.list({ page, cursor });
    cursor = res.next;
  }`),
  // Accumulator: the balance flows from one iteration into the next.
  inAsync(`  let balance = 0;
  for (const tx of items) {
    balance = await applyTransaction(balance, tx);
  }`),
  // A counter used in the call: the numbering depends on the order.
  inAsync(`  let position = 0;
  for (const item of items) {
    await save(item, position++);
  }`),
  // De-duplication: whether an item is skipped depends on the earlier ones.
  inAsync(`  const seen = new Set();
  for (const item of items) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    await save(item);
  }`),
  // The collection is read inside the loop (its length), not only collected into.
  inAsync(`  const out = [];
  for (const item of items) {
    out.push(await load(item, out.length));
  }`),
  // State on \`this\` changes from one iteration to the next.
  `class Importer { async run(items) { for (const item of items) { this.done++; await importItem(item); } } }`,
  // A local helper that writes shared state is followed into.
  inAsync(`  let total = 0;
  const add = async (item) => { total += await price(item); };
  for (const item of items) await add(item);`),
  // The loop variable is declared outside: after the loop it holds the last item.
  inAsync(`  let item;
  for (item of items) await handle(item);`),
  // The counter of an indexed loop is changed in the body.
  inAsync(`  for (let i = 0; i < items.length; i++) {
    await handle(items[i]);
    if (items[i].skipNext) i++;
  }`),

  // --- Leaving the loop early ---
  // First-success search: the first mirror that answers wins; later ones must not start.
  inAsync(`  for (const url of mirrors) {
    const res = await fetch(url);
    if (res.ok) return res;
  }`),
  // Search with break.
  inAsync(`  let found = null;
  for (const path of candidates) {
    if (await exists(path)) {
      found = path;
      break;
    }
  }`),
  // Stop after enough results.
  inAsync(`  const out = [];
  for (const item of items) {
    out.push(await load(item));
    if (out.length >= 3) break;
  }`),
  // A throw that depends on an awaited result stops the remaining iterations.
  inAsync(`  for (const id of items) {
    const user = await getUser(id);
    if (!user) throw new Error('missing user ' + id);
  }`),
  // A labelled continue to an outer loop leaves this (inner) loop; the outer loop counts.
  inAsync(`  let blocked = 0;
  outer: for (const group of groups) {
    for (const item of group.items) {
      if (await isBlocked(item)) {
        blocked++;
        continue outer;
      }
    }
  }`),
  // A function declared in the loop body may be visible after the loop in sloppy-mode scripts.
  inAsync(`  for (const item of items) {
    function report() { return item; }
    await send(item, report);
  }`),
  // Generators hand control back between iterations.
  `async function* pages(ids) { for (const id of ids) yield await getPage(id); }`,
  // \`var\` is function-scoped: moving it into a callback changes what later code sees.
  inAsync(`  for (const item of items) {
    var last = await load(item);
  }
  use(last);`),

  // --- Waiting on purpose: retries, polling, pacing ---
  // Retry with back-off delays.
  inAsync(`  for (const wait of [100, 200, 400]) {
    try {
      return await callService();
    } catch {
      await sleep(wait);
    }
  }`),
  // Pacing requests with a delay between them.
  inAsync(`  for (const id of items) {
    await notify(id);
    await delay(250);
  }`),
  // A hand-made sleep with setTimeout.
  inAsync(`  for (const id of items) {
    await notify(id);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }`),
  // A rate limiter decides when each call may go.
  inAsync(`  for (const id of items) {
    await limiter.removeTokens(1);
    await api.get(id);
  }`),
  // Polling: the same call repeated, not a list of independent work.
  inAsync(`  for (const attempt of [1, 2, 3]) {
    await ping();
  }`),
  // Draining a queue with shift(): each iteration changes what the next one sees.
  inAsync(`  while (queue.length) {
    const job = queue.shift();
    await runJob(job);
  }`),
  // The queue grows while it is iterated.
  inAsync(`  for (const job of queue) {
    const next = await runJob(job);
    queue.push(...next);
  }`),

  // --- Order is the point ---
  // Migrations run in order against one database.
  `async function migrate(migrations, db) { for (const m of migrations) await m.up(db); }`,
  // Steps, hooks and plugins are code: they run in the order given.
  `async function build(steps) { for (const step of steps) await step.run(); }`,
  `async function callHooks(hooks, event) { for (const hook of hooks) await hook(event); }`,
  // Ordered writes to one stream, one writer, one file.
  `async function dump(lines, stream) { for (const line of lines) await stream.write(line); }`,
  `async function dump(lines, file) { for (const line of lines) await file.write(line); }`,
  `import fs from 'node:fs/promises';
async function dump(lines, logFile) { for (const line of lines) await fs.appendFile(logFile, line); }`,
  // Redux-style dispatch: actions apply in order.
  `async function replay(actions, store) { for (const action of actions) await store.dispatch(action); }`,
  // Output printed after each await would come out in completion order.
  `async function report(files) {
  for (const file of files) {
    const result = await lint(file);
    console.log(format(result));
  }
}`,
  // Events emitted after each await keep their order.
  `async function relay(items, emitter) {
  for (const item of items) {
    const saved = await persist(item);
    emitter.emit('saved', saved);
  }
}`,
  // A progress counter bumped after each await.
  `async function sync(items, progress) {
  for (const item of items) {
    await upload(item);
    progress.increment();
  }
}`,
  // A write handed shared state (a context, a connection, an options object) may depend on order.
  `async function apply(changes, context) { for (const change of changes) await applyChange(change, context); }`,
  // One connection serialises its queries anyway, and a transaction must see its own writes.
  `async function insertAll(rows, client) { for (const row of rows) await client.query('INSERT INTO t VALUES ($1)', [row]); }`,
  // A browser page moves from one state to the next.
  `async function visit(urls, page) { for (const url of urls) await page.goto(url); }`,
  // A configured ordered callee.
  {
    code: `async function post(entries, ledger) { for (const entry of entries) await ledger.apply(entry); }`,
    options: [{ orderedCallees: ['ledger.apply'] }],
  },

  // A running hash is fed in order.
  `async function digest(files, hash) {
  for (const file of files) {
    const content = await readFile(file);
    hash.update(content);
  }
}`,
  // Directories nest: \`a\` must exist before \`a/b\`.
  `async function prepare(dirs) { for (const dir of dirs) await fs.promises.mkdir(dir); }`,
  // git commands on one repository take its index lock in turn (found in npm's libnpmversion).
  `async function stage(locks, git, opts) {
  for (const lock of locks) {
    await git.spawn(['add', lock], opts).catch(() => {});
  }
}`,
  // Commands run as steps, each after the previous one.
  `async function ci(commands) { for (const command of commands) await execa(command); }`,
  // Records created in list order get ids and timestamps in that order.
  `async function importRows(rows, db) { for (const row of rows) await db.orders.insert(row); }`,
  // A queue keeps the order it was fed.
  `async function feed(jobs, jobQueue) { for (const job of jobs) await jobQueue.schedule(job); }`,
  // A local that names a shared object: writing through it writes shared state.
  `async function tally(items, stats) {
  for (const item of items) {
    const totals = stats.totals;
    totals.count += await weigh(item);
  }
}`,
  // A shared object changed in a callback after an await.
  `async function collect(urls, report) {
  for (const url of urls) {
    const rows = await getRows(url);
    rows.forEach((row) => report.addRow(row));
  }
}`,
  // Each iteration waits for the next event of one shared emitter.
  `async function serve(requests, server) {
  for (const expected of requests) {
    const req = await new Promise((resolve) => server.once('request', resolve));
    check(req, expected);
  }
}`,
  // A step run without await after an await (found in sentry-javascript's test setup).
  `import { execSync } from 'node:child_process';
for (const dir of directories) {
  const manifest = await readFile(join(dir, 'package.json'), 'utf8');
  if (!JSON.parse(manifest).dependencies) continue;
  execSync('pnpm install', { cwd: dir });
}`,
  // A read handed one session or transaction runs on it.
  `async function locals(frames, session) {
  const out = [];
  for (const frame of frames) out.push(await getLocalVariables(session, frame.id));
  return out;
}`,
  // The calls inside Promise.all are awaited calls too: here each is handed shared state (found in this project's bench runner).
  `async function compare(beforeUrl, afterUrl, requests, signal) {
  const differences = [];
  for (const route of requests) {
    const [before, after] = await Promise.all([
      ask(beforeUrl, route, signal),
      ask(afterUrl, route, signal),
    ]);
    if (before.status !== after.status) differences.push(route);
  }
  return differences;
}`,
  // Tests and steps registered from a loop run in order (found in autocannon's tests).
  `import test from 'node:test';
test('cases', async (t) => {
  for (const c of cases) {
    await t.test(c.name, async () => {
      await runCase(c);
    });
  }
});`,
  // Guards awaited for their error: with two failures, the loop throws the first in order (found in ESLint).
  `async function check(searches) {
  for (const search of searches) {
    await throwForUnmatched(search);
  }
}`,

  // --- Ordered scopes ---
  // Inside a transaction callback.
  `async function save(knex, users) {
  await knex.transaction(async (trx) => {
    for (const user of users) await saveUser(user);
  });
}`,
  // In a function that opened a connection.
  `async function save(pool, users) {
  const conn = await pool.getConnection();
  for (const user of users) await saveUser(user);
  conn.release();
}`,

  // --- Not a waterfall at all ---
  // for await…of: the source itself is consumed in order.
  inAsync(`  for await (const chunk of stream) await save(chunk);`),
  // No await in the loop.
  inAsync(`  for (const item of items) handle(item);`),
  // The await belongs to a function created in the loop, not to the loop.
  inAsync(`  for (const item of items) handlers.push(async () => await handle(item));`),
  // An indexed loop that does not walk an array.
  inAsync(`  for (let i = 0; i < 3; i++) await ping(i);`),
  // A synchronous forEach.
  inAsync(`  items.forEach((item) => handle(item));`),
  // forEach whose async callback never awaits.
  inAsync(`  items.forEach(async (item) => handle(item));`),
];

const invalid = [
  {
    // A throw after the await whose error is the same for every element (literal arguments only): whichever
    // shard fails first, the loop throws that error; the other reads only read.
    code: `async function assertShardsUp(shards) {
  for (const shard of shards) {
    const health = await fetchHealth(shard);
    if (!health.ok) throw new ServiceUnavailable('a shard is down', 503);
  }
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 2,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function assertShardsUp(shards) {
  await Promise.all(Array.from(shards, async (shard) => {
    const health = await fetchHealth(shard);
    if (!health.ok) throw new ServiceUnavailable('a shard is down', 503);
  }));
}`,
          },
        ],
      },
    ],
  },
  {
    // In a route handler: the message names the route (the file alone shows it).
    options: [{ includeWrites: true }],
    code: `import express from 'express';
const app = express();
app.post('/touch', async (req, res) => {
  for (const id of req.body.ids) {
    await api.touch(id);
  }
  res.end();
});`,
    filename: 'routes.js',
    errors: [
      {
        messageId: 'loopWaterfall',
        data: { route: ' (reached from POST /touch in routes.js)', observed: '' },
        line: 4,
        column: 3,
        endLine: 4,
        endColumn: 33,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `import express from 'express';
const app = express();
app.post('/touch', async (req, res) => {
  await Promise.all(Array.from(req.body.ids, (id) => api.touch(id)));
  res.end();
});`,
          },
        ],
      },
    ],
  },
  {
    // Results pushed in order: the empty array declared right before becomes the Promise.all result.
    code: `async function loadUsers(ids) {
  const users = [];
  for (const id of ids) {
    const user = await getUser(id);
    users.push(user);
  }
  return users;
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 3,
        column: 3,
        endLine: 3,
        endColumn: 24,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function loadUsers(ids) {
  const users = await Promise.all(Array.from(ids, async (id) => {
    const user = await getUser(id);
    return user;
  }));
  return users;
}`,
          },
        ],
      },
    ],
  },
  {
    // A one-statement body becomes a concise callback.
    code: `async function loadUsers(ids) {
  const users = [];
  for (const id of ids) users.push(await getUser(id));
  return users;
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 3,
        column: 3,
        endLine: 3,
        endColumn: 24,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function loadUsers(ids) {
  const users = await Promise.all(Array.from(ids, (id) => getUser(id)));
  return users;
}`,
          },
        ],
      },
    ],
  },
  {
    // No results: independent side effects keyed by the item.
    options: [{ includeWrites: true }],
    code: `async function removeAll(ids) {
  for (const id of ids) await remove(id);
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 2,
        column: 3,
        endLine: 2,
        endColumn: 24,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function removeAll(ids) {
  await Promise.all(Array.from(ids, (id) => remove(id)));
}`,
          },
        ],
      },
    ],
  },
  {
    // A known array (Object.keys) gets .map; a declaration further up gets the results spread into it.
    code: `async function loadAll(map) {
  const keys = Object.keys(map);
  const found = [];
  log('start');
  for (const key of keys) {
    found.push(await fetchEntry(key));
  }
  return found;
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 5,
        column: 3,
        endLine: 5,
        endColumn: 26,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function loadAll(map) {
  const keys = Object.keys(map);
  const found = [];
  log('start');
  found.push(...(await Promise.all(keys.map((key) => fetchEntry(key)))));
  return found;
}`,
          },
        ],
      },
    ],
  },
  {
    // obj[key] = value: the pairs are assigned after Promise.all, in the original order.
    only: 'js',
    code: `async function index(users) {
  const byId = {};
  for (const user of users) {
    const profile = await getProfile(user.id);
    byId[user.id] = profile;
  }
  return byId;
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 3,
        column: 3,
        endLine: 3,
        endColumn: 28,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function index(users) {
  const byId = {};
  const byIdEntries = await Promise.all(Array.from(users, async (user) => {
    const profile = await getProfile(user.id);
    return [user.id, profile];
  }));
  for (const [key, value] of byIdEntries) byId[key] = value;
  return byId;
}`,
          },
        ],
      },
    ],
  },
  {
    // TypeScript: the pair keeps its tuple type with `as const`; an annotated array parameter gets .map.
    only: 'ts',
    code: `async function index(users: User[]) {
  const byId: Record<string, Profile> = {};
  for (const user of users) {
    byId[user.id] = await getProfile(user.id);
  }
  return byId;
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 3,
        column: 3,
        endLine: 3,
        endColumn: 28,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function index(users: User[]) {
  const byId: Record<string, Profile> = {};
  const byIdEntries = await Promise.all(users.map(async (user) => {
    return [user.id, await getProfile(user.id)] as const;
  }));
  for (const [key, value] of byIdEntries) byId[key] = value;
  return byId;
}`,
          },
        ],
      },
    ],
  },
  {
    // map.set(key, value); `key` is taken, so the assignment loop picks another name.
    only: 'js',
    code: `async function cache(keys, store) {
  const values = new Map();
  for (const key of keys) {
    values.set(key, await store.get(key));
  }
  return values;
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 3,
        column: 3,
        endLine: 3,
        endColumn: 26,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function cache(keys, store) {
  const values = new Map();
  const valuesEntries = await Promise.all(Array.from(keys, async (key) => {
    return [key, await store.get(key)];
  }));
  for (const [k, value] of valuesEntries) values.set(k, value);
  return values;
}`,
          },
        ],
      },
    ],
  },
  {
    // continue ends one iteration: it becomes return.
    options: [{ includeWrites: true }],
    code: `async function notifyAll(users) {
  for (const user of users) {
    if (!user.email) continue;
    await sendWelcome(user);
  }
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 2,
        column: 3,
        endLine: 2,
        endColumn: 28,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function notifyAll(users) {
  await Promise.all(Array.from(users, async (user) => {
    if (!user.email) return;
    await sendWelcome(user);
  }));
}`,
          },
        ],
      },
    ],
  },
  {
    // for…in walks the own enumerable keys: Object.keys.
    code: `async function reload(config) {
  for (const name in config) {
    await warmUp(name);
  }
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 2,
        column: 3,
        endLine: 2,
        endColumn: 29,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function reload(config) {
  await Promise.all(Object.keys(config).map((name) => warmUp(name)));
}`,
          },
        ],
      },
    ],
  },
  {
    // Indexed loop over an array: the index stays available as the second parameter.
    code: `async function resize(images) {
  for (let i = 0; i < images.length; i++) {
    await resizeImage(images[i], i);
  }
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 2,
        column: 3,
        endLine: 2,
        endColumn: 42,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function resize(images) {
  await Promise.all(Array.from(images, (_, i) => resizeImage(images[i], i)));
}`,
          },
        ],
      },
    ],
  },
  {
    // Indexed loop whose element is read in the body.
    code: `async function resize(dir) {
  const images = await readdir(dir);
  for (let i = 0; i < images.length; i++) {
    const image = images[i];
    await resizeImage(image);
  }
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 3,
        column: 3,
        endLine: 3,
        endColumn: 42,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function resize(dir) {
  const images = await readdir(dir);
  await Promise.all(Array.from(images, async (_, i) => {
    const image = images[i];
    await resizeImage(image);
  }));
}`,
          },
        ],
      },
    ],
  },
  {
    // A labelled continue to this loop itself is a return from the callback; the inner loop is not reported on its own.
    code: `async function scan(groups) {
  outer: for (const group of groups) {
    for (const item of group.items) {
      if (await isBlocked(item)) continue outer;
    }
  }
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 2,
        column: 10,
        endLine: 2,
        endColumn: 37,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function scan(groups) {
  await Promise.all(Array.from(groups, async (group) => {
    for (const item of group.items) {
      if (await isBlocked(item)) return;
    }
  }));
}`,
          },
        ],
      },
    ],
  },
  {
    // forEach with an async callback does not wait: awaiting Promise.all over map does.
    code: `async function send(users) {
  users.forEach(async (user) => {
    await sendWelcome(user);
  });
}`,
    errors: [
      {
        messageId: 'asyncForEach',
        line: 2,
        column: 3,
        endLine: 2,
        endColumn: 17,
        suggestions: [
          {
            messageId: 'awaitAll',
            output: `async function send(users) {
  await Promise.all(users.map(async (user) => {
    await sendWelcome(user);
  }));
}`,
          },
        ],
      },
    ],
  },
  {
    // forEach in a function that cannot await: reported without a suggestion.
    code: `function send(users) {
  users.forEach(async (user) => {
    await sendWelcome(user);
  });
}`,
    errors: [
      {
        messageId: 'asyncForEach',
        line: 2,
        column: 3,
        endLine: 2,
        endColumn: 17,
        suggestions: [],
      },
    ],
  },
  {
    // forEach on a Map: map() does not exist there, so no suggestion.
    code: `async function send(byEmail) {
  const users = new Map(byEmail);
  users.forEach(async (user) => {
    await sendWelcome(user);
  });
}`,
    errors: [
      {
        messageId: 'asyncForEach',
        line: 3,
        column: 3,
        endLine: 3,
        endColumn: 17,
        suggestions: [],
      },
    ],
  },
  {
    // maxConcurrency adds a bounded rewrite (chunks of that size, one after another).
    code: `async function upload(files) {
  const urls = [];
  for (const file of files) {
    const url = await uploadFile(file);
    urls.push(url);
  }
  return urls;
}`,
    options: [{ includeWrites: true, "maxConcurrency":5}],
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 3,
        column: 3,
        endLine: 3,
        endColumn: 28,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function upload(files) {
  const urls = await Promise.all(Array.from(files, async (file) => {
    const url = await uploadFile(file);
    return url;
  }));
  return urls;
}`,
          },
          {
            messageId: 'runBounded',
            data: {"max":"5"},
            output: `async function upload(files) {
  const urls = [];
  const allFiles = Array.from(files);
  for (let start = 0; start < allFiles.length; start += 5) {
    urls.push(...(await Promise.all(allFiles.slice(start, start + 5).map(async (file) => {
      const url = await uploadFile(file);
      return url;
    }))));
  }
  return urls;
}`,
          },
        ],
      },
    ],
  },
  {
    // In a package that depends on p-map, a loop over an argument also gets the bounded rewrite through it,
    // 10 at a time (test/no-loop-waterfall/report/loop-limited.test.js covers the shapes, p-limit and where it is not offered).
    code: `export async function upload(files) {
  for (const file of files) await uploadFile(file);
}`,
    filename: fileURLToPath(new URL('../no-loop-waterfall/report/fixtures/limited/esm-p-map/routes.js', import.meta.url)),
    // The fixture sits under test/, which the rule skips by default.
    options: [{ includeWrites: true, ignoreFiles: [] }],
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 2,
        column: 3,
        endLine: 2,
        endColumn: 28,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `export async function upload(files) {
  await Promise.all(Array.from(files, (file) => uploadFile(file)));
}`,
          },
          {
            messageId: 'runBoundedWith',
            data: {"helper":"p-map","max":"10"},
            output: `import pMap from 'p-map';
export async function upload(files) {
  await pMap(files, (file) => uploadFile(file), { concurrency: 10 });
}`,
          },
        ],
      },
    ],
  },
  {
    // fix: true applies the rewrite as an autofix (codemods, the bench runner).
    code: `async function upload(files) {
  for (const file of files) await uploadFile(file);
}`,
    options: [{ includeWrites: true, "fix":true}],
    output: `async function upload(files) {
  await Promise.all(Array.from(files, (file) => uploadFile(file)));
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 2,
        column: 3,
        endLine: 2,
        endColumn: 28,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function upload(files) {
  await Promise.all(Array.from(files, (file) => uploadFile(file)));
}`,
          },
        ],
      },
    ],
  },
  {
    // A conditional push: each iteration gathers its own array; they are flattened in order.
    code: `async function check(items) {
  const failed = [];
  for (const item of items) {
    const ok = await verifyItem(item);
    if (!ok) failed.push(item);
  }
  return failed;
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 3,
        column: 3,
        endLine: 3,
        endColumn: 28,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function check(items) {
  const failed = (await Promise.all(Array.from(items, async (item) => {
    const itemFailed = [];
    const ok = await verifyItem(item);
    if (!ok) itemFailed.push(item);
    return itemFailed;
  }))).flat();
  return failed;
}`,
          },
        ],
      },
    ],
  },
  {
    // Without orderedCallees, a write on a shared receiver keyed by the item is independent.
    options: [{ includeWrites: true }],
    code: `async function post(entries, ledger) { for (const entry of entries) await ledger.apply(entry); }`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 1,
        column: 40,
        endLine: 1,
        endColumn: 68,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function post(entries, ledger) { await Promise.all(Array.from(entries, (entry) => ledger.apply(entry))); }`,
          },
        ],
      },
    ],
  },
  {
    // A comment in the loop head would be lost: no suggestion.
    code: `async function copy(files) {
  for (const file of files /* from the manifest */) await compress(file);
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 2,
        column: 3,
        endLine: 2,
        endColumn: 52,
        suggestions: [],
      },
    ],
  },
  {
    // Nested independent loops: only the outer one is reported.
    options: [{ includeWrites: true }],
    code: `async function sync(users) {
  for (const user of users) {
    for (const device of user.devices) {
      await pushUpdate(device);
    }
  }
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 2,
        column: 3,
        endLine: 2,
        endColumn: 28,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function sync(users) {
  await Promise.all(Array.from(users, async (user) => {
    for (const device of user.devices) {
      await pushUpdate(device);
    }
  }));
}`,
          },
        ],
      },
    ],
  },
  {
    // Errors collected in a catch are gathered per iteration too, and keep their order.
    options: [{ includeWrites: true }],
    code: `async function deliver(users) {
  const errors = [];
  for (const user of users) {
    try {
      await sendWelcome(user);
    } catch (error) {
      errors.push(error);
    }
  }
  return errors;
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 3,
        column: 3,
        endLine: 3,
        endColumn: 28,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function deliver(users) {
  const errors = (await Promise.all(Array.from(users, async (user) => {
    const itemErrors = [];
    try {
      await sendWelcome(user);
    } catch (error) {
      itemErrors.push(error);
    }
    return itemErrors;
  }))).flat();
  return errors;
}`,
          },
        ],
      },
    ],
  },
  {
    // Writes keyed by the item on a shared database handle are independent side effects.
    options: [{ includeWrites: true }],
    code: `async function save(db, users) {
  for (const user of users) {
    await db.users.update({ where: { id: user.id }, data: { active: true } });
  }
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 2,
        column: 3,
        endLine: 2,
        endColumn: 28,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function save(db, users) {
  await Promise.all(Array.from(users, (user) => db.users.update({ where: { id: user.id }, data: { active: true } })));
}`,
          },
        ],
      },
    ],
  },
  {
    // A log line before the first await keeps its order; one file per item is not an ordered sink.
    options: [{ includeWrites: true }],
    code: `import { writeFile } from 'node:fs/promises';
import path from 'node:path';
async function write(dir, pages) {
  for (const page of pages) {
    console.log('writing', page.slug);
    await writeFile(path.join(dir, page.slug + '.html'), page.html);
  }
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 4,
        column: 3,
        endLine: 4,
        endColumn: 28,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `import { writeFile } from 'node:fs/promises';
import path from 'node:path';
async function write(dir, pages) {
  await Promise.all(Array.from(pages, async (page) => {
    console.log('writing', page.slug);
    await writeFile(path.join(dir, page.slug + '.html'), page.html);
  }));
}`,
          },
        ],
      },
    ],
  },
  {
    // Destructured loop variable; the pushed object literal is returned as is.
    code: `async function stats(paths) {
  const sizes = [];
  for (const { file, label } of paths.map(toEntry)) {
    const info = await stat(file);
    sizes.push({ label, size: info.size });
  }
  return sizes;
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 3,
        column: 3,
        endLine: 3,
        endColumn: 52,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function stats(paths) {
  const sizes = await Promise.all(Array.from(paths.map(toEntry), async ({ file, label }) => {
    const info = await stat(file);
    return { label, size: info.size };
  }));
  return sizes;
}`,
          },
        ],
      },
    ],
  },
  {
    // A call inside the first awaited operand runs before the iteration suspends: its order is kept.
    code: `async function load(ids, config) {
  const out = [];
  for (const id of ids) out.push(await api.get(config.urlFor(id)));
  return out;
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 3,
        column: 3,
        endLine: 3,
        endColumn: 24,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function load(ids, config) {
  const out = await Promise.all(Array.from(ids, (id) => api.get(config.urlFor(id))));
  return out;
}`,
          },
        ],
      },
    ],
  },
  {
    // An optional forEach is reported; Promise.all(undefined) would throw, so no suggestion.
    code: `async function send(users) {
  users?.forEach(async (user) => {
    await sendWelcome(user);
  });
}`,
    errors: [
      {
        messageId: 'asyncForEach',
        line: 2,
        column: 3,
        endLine: 2,
        endColumn: 18,
        suggestions: [],
      },
    ],
  },
  {
    // A Set (by its TypeScript annotation) has no map: no suggestion.
    only: 'ts',
    code: `async function send(users: Set<User>) {
  users.forEach(async (user) => {
    await sendWelcome(user);
  });
}`,
    errors: [
      {
        messageId: 'asyncForEach',
        line: 2,
        column: 3,
        endLine: 2,
        endColumn: 17,
        suggestions: [],
      },
    ],
  },
  {
    // Conditional obj[key] = value with continue: pairs are gathered per iteration (found in npm version).
    only: 'js',
    code: `async function versions(paths) {
  const results = {};
  for (const path of paths) {
    if (!path) continue;
    const pkg = await readJson(path);
    if (pkg.name && pkg.version) {
      results[pkg.name] = pkg.version;
    }
  }
  return results;
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 3,
        column: 3,
        endLine: 3,
        endColumn: 28,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function versions(paths) {
  const results = {};
  const resultsEntries = (await Promise.all(Array.from(paths, async (path) => {
    const itemResults = [];
    if (!path) return itemResults;
    const pkg = await readJson(path);
    if (pkg.name && pkg.version) {
      itemResults.push([pkg.name, pkg.version]);
    }
    return itemResults;
  }))).flat();
  for (const [key, value] of resultsEntries) results[key] = value;
  return results;
}`,
          },
        ],
      },
    ],
  },
  {
    // In a single-statement position the gathered pairs are walked in one for…of.
    only: 'js',
    code: `async function tag(items, on) {
  const byId = new Map();
  if (on) for (const item of items) if (item.id) byId.set(item.id, await describeItem(item));
  return byId;
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 3,
        column: 11,
        endLine: 3,
        endColumn: 36,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function tag(items, on) {
  const byId = new Map();
  if (on) for (const [key, value] of (await Promise.all(Array.from(items, async (item) => {
    const itemById = [];
    if (item.id) itemById.push([item.id, await describeItem(item)]);
    return itemById;
  }))).flat()) byId.set(key, value);
  return byId;
}`,
          },
        ],
      },
    ],
  },
  {
    // fix: true with maxConcurrency: the autofix is the bounded rewrite.
    code: `async function upload(files) {
  const list = Object.keys(files);
  for (const file of list) await uploadFile(file);
}`,
    options: [{ includeWrites: true, "fix":true,"maxConcurrency":2}],
    output: `async function upload(files) {
  const list = Object.keys(files);
  for (let start = 0; start < list.length; start += 2) {
    await Promise.all(list.slice(start, start + 2).map((file) => uploadFile(file)));
  }
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 3,
        column: 3,
        endLine: 3,
        endColumn: 27,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `async function upload(files) {
  const list = Object.keys(files);
  await Promise.all(list.map((file) => uploadFile(file)));
}`,
          },
          {
            messageId: 'runBounded',
            data: {"max":"2"},
            output: `async function upload(files) {
  const list = Object.keys(files);
  for (let start = 0; start < list.length; start += 2) {
    await Promise.all(list.slice(start, start + 2).map((file) => uploadFile(file)));
  }
}`,
          },
        ],
      },
    ],
  },
  {
    // fix: true never rewrites a forEach whose receiver may be a Map or a Set; the suggestion is still offered.
    code: `async function send(users) {
  users.forEach(async (user) => {
    await sendWelcome(user);
  });
}`,
    options: [{"fix":true}],
    errors: [
      {
        messageId: 'asyncForEach',
        line: 2,
        column: 3,
        endLine: 2,
        endColumn: 17,
        suggestions: [
          {
            messageId: 'awaitAll',
            output: `async function send(users) {
  await Promise.all(users.map(async (user) => {
    await sendWelcome(user);
  }));
}`,
          },
        ],
      },
    ],
  },
  {
    // fix: true rewrites a forEach on a known array; with maxConcurrency, in chunks.
    code: `async function send(ids) {
  const users = ids.split(',');
  users.forEach(async (user) => {
    await sendWelcome(user);
  });
}`,
    options: [{"fix":true,"maxConcurrency":3}],
    output: `async function send(ids) {
  const users = ids.split(',');
  for (let start = 0; start < users.length; start += 3) {
    await Promise.all(users.slice(start, start + 3).map(async (user) => {
      await sendWelcome(user);
    }));
  }
}`,
    errors: [
      {
        messageId: 'asyncForEach',
        line: 3,
        column: 3,
        endLine: 3,
        endColumn: 17,
        suggestions: [
          {
            messageId: 'awaitAll',
            output: `async function send(ids) {
  const users = ids.split(',');
  await Promise.all(users.map(async (user) => {
    await sendWelcome(user);
  }));
}`,
          },
          {
            messageId: 'runBounded',
            data: {"max":"3"},
            output: `async function send(ids) {
  const users = ids.split(',');
  for (let start = 0; start < users.length; start += 3) {
    await Promise.all(users.slice(start, start + 3).map(async (user) => {
      await sendWelcome(user);
    }));
  }
}`,
          },
        ],
      },
    ],
  },
  {
    // Events of a stream opened by the iteration itself are its own.
    code: `import fs from 'node:fs';
async function sizes(files) {
  const out = [];
  for (const file of files) {
    const size = await new Promise((resolve, reject) => {
      let total = 0;
      const stream = fs.createReadStream(file);
      stream.on('data', (chunk) => { total += chunk.length; });
      stream.on('end', () => resolve(total));
      stream.on('error', reject);
    });
    out.push(size);
  }
  return out;
}`,
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 4,
        column: 3,
        endLine: 4,
        endColumn: 28,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `import fs from 'node:fs';
async function sizes(files) {
  const out = await Promise.all(Array.from(files, async (file) => {
    const size = await new Promise((resolve, reject) => {
      let total = 0;
      const stream = fs.createReadStream(file);
      stream.on('data', (chunk) => { total += chunk.length; });
      stream.on('end', () => resolve(total));
      stream.on('error', reject);
    });
    return size;
  }));
  return out;
}`,
          },
        ],
      },
    ],
  },
  {
    // Top-level await in a module: start-up code, reported only with includeOneOffCode.
    code: `const pages = [];
for (const url of urls) {
  const res = await fetch(url);
  pages.push(await res.text());
}`,
    options: [{ includeOneOffCode: true }],
    errors: [
      {
        messageId: 'loopWaterfall',
        line: 2,
        column: 1,
        endLine: 2,
        endColumn: 24,
        suggestions: [
          {
            messageId: 'runTogether',
            output: `const pages = await Promise.all(Array.from(urls, async (url) => {
  const res = await fetch(url);
  return res.text();
}));`,
          },
        ],
      },
    ],
  },
];

runRuleTests('no-loop-waterfall', rule, { valid, invalid });

describe('no-loop-waterfall options', () => {
  const linter = new Linter({ configType: 'flat' });
  /** @param {unknown} options */
  const lint = (options) =>
    linter.verify('async function f(xs) { for (const x of xs) await g(x); }', [
      { plugins: { unblock: { rules: { 'no-loop-waterfall': rule } } }, rules: { 'unblock/no-loop-waterfall': ['warn', options] } },
    ]);

  it('accepts the documented options', () => {
    assert.equal(lint({ fix: false, maxConcurrency: 4, orderedCallees: ['audit.log'], readVerbs: ['load'], writeVerbs: ['bump'] }).length, 1);
  });

  for (const [title, options, pattern] of /** @type {Array<[string, unknown, RegExp]>} */ ([
    ['a negative limit', { maxConcurrency: -1 }, /Value -1 should be >= 0/],
    ['a fractional limit', { maxConcurrency: 1.5 }, /Value 1\.5 should be integer/],
    ['a limit given as text', { maxConcurrency: '4' }, /Value "4" should be integer/],
    ['an unknown option', { concurrency: 4 }, /Unexpected property "concurrency"/],
    ['an empty callee name', { orderedCallees: [''] }, /should NOT be shorter than 1 characters/],
  ])) {
    it(`rejects ${title} with a clear error`, () => {
      assert.throws(() => lint(options), (error) => pattern.test(String(/** @type {Error} */ (error).message)) && /no-loop-waterfall/.test(String(/** @type {Error} */ (error).message)));
    });
  }
});
