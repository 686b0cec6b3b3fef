#!/usr/bin/env node
/**
 * npm run bench:cache-growth — does the project cache stay bounded under edits? (#45 item 7: 200
 * rounds of edits grew a cache from 0.86 to 8.2 MB, nothing pruned.)
 *
 * Generates a small Express project in a temporary folder (a store module of async queries, route
 * files that await them, services with a blocking call), then for each round edits one file —
 * a new function at the top (every function below it moves), the previous round's function
 * deleted, a route's handler changed — and lints the project with the three Unblock rules in a
 * fresh process on the same cache folder, as CI or a developer does after each commit. Every
 * `--every` rounds it prints the cache's size and its entries per kind; at the end the first and
 * the largest size, and whether the reports of the last round equal those of a run without a
 * cache. Sizes, not times: nothing here is timed.
 *
 * Options: --rounds N (default 200), --routes N (route files, default 12), --every N (default 20).
 * The project and the cache are removed at the end, on failure and on Ctrl-C.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UNBLOCK_RULES, lintAllInChild } from './bench-lint/eslint-runs.js';
import { measuredPluginLine } from './bench-lint/measured-plugin.js';
import { numberOption as readNumber, removedOnSignal } from './bench-lint/script-options.js';

const args = process.argv.slice(2);
const numberOption = (/** @type {string} */ name, /** @type {number} */ fallback) => readNumber(args, 'bench:cache-growth', name, fallback);
const rounds = numberOption('--rounds', 200);
const routeCount = numberOption('--routes', 12);
const every = numberOption('--every', 20);

const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-cache-growth-')));
const cache = path.join(dir, 'node_modules', '.cache', 'unblock');
const remove = removedOnSignal([dir]);

const QUERIES = ['getUser', 'getOrders', 'getFriends', 'getInvoices', 'getSettings', 'getAlerts'];

/**
 * The store module, with round `round`'s extra function on top (none before the first round).
 * @param {number} round
 */
function storeModule(round) {
  const extra = round > 0 ? [`export async function extra${round}(id) {`, `  return db.query('SELECT * FROM extra${round} WHERE id = $1', [id]);`, '}', ''] : [];
  return [
    "import { db } from './db.js';",
    '',
    ...extra,
    ...QUERIES.flatMap((name, at) => [`export async function ${name}(id) {`, `  return db.query('SELECT * FROM t${at} WHERE id = $1', [id]);`, '}', '']),
  ].join('\n');
}

/**
 * A route file whose handler awaits two queries one after the other; `variant` picks which (an edit).
 * @param {number} index
 * @param {number} variant
 */
function routeModule(index, variant) {
  const first = QUERIES[(index + variant) % QUERIES.length];
  const second = QUERIES[(index + variant + 1) % QUERIES.length];
  return [
    "import express from 'express';",
    `import { ${first}, ${second} } from '../lib/store.js';`,
    `import { readTemplate } from '../lib/templates.js';`,
    '',
    'const app = express();',
    `app.get('/r${index}/:id', async (req, res) => {`,
    `  const a = await ${first}(req.params.id);`,
    `  const b = await ${second}(req.params.id);`,
    `  res.send(readTemplate('r${index}') + JSON.stringify({ a, b }));`,
    '});',
    '',
    'export default app;',
    '',
  ].join('\n');
}

const files = {
  'package.json': JSON.stringify({ name: 'cache-growth', type: 'module', dependencies: { express: '^5.0.0', pg: '^8.0.0' } }),
  'lib/db.js': "import pg from 'pg';\nexport const db = new pg.Pool();\n",
  'lib/templates.js': "import fs from 'node:fs';\nexport function readTemplate(name) {\n  return fs.readFileSync(`./views/${name}.html`, 'utf8');\n}\n",
  'lib/store.js': storeModule(0),
  ...Object.fromEntries(Array.from({ length: routeCount }, (_, i) => [`routes/r${i}.js`, routeModule(i, 0)])),
};

/** @param {string} relative @param {string} text */
function write(relative, text) {
  const file = path.join(dir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  // Dated later than the last lint: a coarse file system would not see a change within a second.
  const later = new Date(Date.now() + 2000);
  fs.utimesSync(file, later, later);
}

/** The cache's size and entries per kind. */
function cacheSize() {
  let bytes = 0;
  /** @type {Record<string, number>} */
  const kinds = {};
  if (!fs.existsSync(cache)) return { bytes, kinds };
  for (const entry of fs.readdirSync(cache, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
    const kind = path.relative(cache, entry.parentPath).split(path.sep)[1];
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return { bytes, kinds };
}

/**
 * Round `round`'s edit: the store gets a new function on top and loses the last round's; every
 * third round a route's handler awaits other queries too.
 * @param {number} round
 */
function edit(round) {
  write('lib/store.js', storeModule(round));
  if (round % 3 === 0) write(`routes/r${round % routeCount}.js`, routeModule(round % routeCount, round));
}

/** @param {false | string} cacheFolder */
async function lint(cacheFolder) {
  const sourceFiles = Object.keys(files).filter((name) => name.endsWith('.js')).map((name) => path.join(dir, name));
  const run = await lintAllInChild({ cwd: dir, files: sourceFiles, rules: UNBLOCK_RULES, roots: [], cache: cacheFolder });
  return run.messages.map((m) => `${path.relative(dir, m.file)}:${m.line} ${m.ruleId}`).sort();
}

const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} kB`;

try {
  console.log(`bench:cache-growth: ${rounds} rounds of edits on ${Object.keys(files).length - 1} files, Node ${process.version}; ${measuredPluginLine}`);
  for (const [name, text] of Object.entries(files)) write(name, text);
  const firstReports = await lint(cache);
  const first = cacheSize();
  let largest = first.bytes;
  console.log(`round   0: ${kb(first.bytes)} ${JSON.stringify(first.kinds)}; ${firstReports.length} reports`);
  /** @type {string[]} */
  let reports = firstReports;
  for (let round = 1; round <= rounds; round++) {
    edit(round);
    reports = await lint(cache);
    const size = cacheSize();
    largest = Math.max(largest, size.bytes);
    if (round % every === 0 || round === rounds) console.log(`round ${String(round).padStart(3)}: ${kb(size.bytes)} ${JSON.stringify(size.kinds)}; ${reports.length} reports`);
  }
  const without = await lint(false);
  console.log(`cache after round 0: ${kb(first.bytes)}; largest after any round: ${kb(largest)} (${(largest / first.bytes).toFixed(2)}× the first)`);
  console.log(`last round's reports ${JSON.stringify(reports) === JSON.stringify(without) ? 'equal' : 'DIFFER from'} those of a run without a cache (${without.length})`);
} finally {
  remove();
}
