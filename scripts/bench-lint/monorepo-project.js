/**
 * A generated monorepo for `npm run bench:monorepo` (#45 item 8): npm workspaces under `packages/`,
 * each package with Express route files, the services they call per request (one blocking
 * `readFileSync` each, so a linter that follows callers across files finds one report per service),
 * and plain helper modules that make up the bulk of the lines, as a big code base's utilities do.
 * Written into a temporary folder the caller removes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Of every ten files of a package: one route file, one service, eight helpers. */
const ROUTES_PER_TEN = 1;
const SERVICES_PER_TEN = 1;

/**
 * @typedef {object} Monorepo
 * @property {string} dir          its root (ESLint's cwd)
 * @property {string[]} files      absolute paths of its source files
 * @property {number} lines        their lines, all told
 * @property {number} services     service modules: each holds one blocking call made per request from a route in another file
 */

/**
 * @param {{ files: number, packageFiles?: number }} size files in all, and per package (default 500)
 * @returns {Monorepo}
 */
export function generateMonorepo({ files, packageFiles = 500 }) {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-bench-monorepo-')));
  const packages = Math.ceil(files / packageFiles);
  writeText(path.join(dir, 'package.json'), JSON.stringify({ name: 'generated-monorepo', private: true, type: 'module', workspaces: ['packages/*'] }, null, 2));
  /** @type {string[]} */
  const written = [];
  let lines = 0;
  let services = 0;
  for (let p = 0; p < packages; p++) {
    const root = path.join(dir, 'packages', `pkg${p}`);
    writeText(path.join(root, 'package.json'), JSON.stringify({ name: `pkg${p}`, version: '1.0.0', type: 'module', dependencies: { express: '^5.0.0' } }, null, 2));
    const count = Math.min(packageFiles, files - p * packageFiles);
    const tens = Math.max(1, Math.floor(count / 10));
    const routeCount = Math.max(1, tens * ROUTES_PER_TEN);
    const serviceCount = Math.max(1, tens * SERVICES_PER_TEN);
    const helperCount = Math.max(0, count - routeCount - serviceCount);
    for (let i = 0; i < count; i++) {
      const [file, text] =
        i < routeCount ? [`src/routes/route${i}.js`, routeModule(i, serviceCount, helperCount)]
        : i < routeCount + serviceCount ? [`src/services/service${i - routeCount}.js`, serviceModule(i - routeCount, helperCount)]
        : [`src/lib/helper${i - routeCount - serviceCount}.js`, helperModule(i - routeCount - serviceCount)];
      if (i >= routeCount && i < routeCount + serviceCount) services++;
      const full = path.join(root, file);
      writeText(full, text);
      written.push(full);
      lines += text.split('\n').length - 1;
    }
  }
  return { dir, files: written, lines, services };
}

/**
 * A route file: an Express app whose handlers call the services (each service from one route) and
 * wait on two independent lookups one after the other (a waterfall one file shows).
 * @param {number} index
 * @param {number} serviceCount
 * @param {number} helperCount
 */
function routeModule(index, serviceCount, helperCount) {
  // As many routes as services: route i calls service i (a spare route calls none).
  const mine = index < serviceCount ? [index] : [];
  const helper = helperCount > 0 ? index % helperCount : -1;
  return [
    "import express from 'express';",
    ...mine.map((s) => `import { loadRecord${s} } from '../services/service${s}.js';`),
    ...(helper >= 0 ? [`import { normalise${helper} } from '../lib/helper${helper}.js';`] : []),
    '',
    'const app = express();',
    '',
    ...mine.flatMap((s) => [
      `app.get('/records${s}/:id', async (req, res) => {`,
      `  const user = await req.db.findUser(req.params.id);`,
      `  const orders = await req.db.findOrders(req.params.id);`,
      `  const record = loadRecord${s}(req.params.id);`,
      `  res.json(${helper >= 0 ? `normalise${helper}` : ''}({ user, orders, record }));`,
      '});',
      '',
    ]),
    'export default app;',
    '',
  ].join('\n');
}

/**
 * A service: reads a record file synchronously (blocking on a request path).
 * @param {number} index
 * @param {number} helperCount
 */
function serviceModule(index, helperCount) {
  const helper = helperCount > 0 ? (index * 7) % helperCount : -1;
  return [
    "import fs from 'node:fs';",
    ...(helper >= 0 ? [`import { normalise${helper} } from '../lib/helper${helper}.js';`] : []),
    '',
    `export function loadRecord${index}(id) {`,
    `  const text = fs.readFileSync(\`./data/${index}/\${id}.json\`, 'utf8');`,
    `  return ${helper >= 0 ? `normalise${helper}` : ''}(JSON.parse(text));`,
    '}',
    '',
  ].join('\n');
}

/**
 * A helper module of about 110 lines: pure functions, no await, no blocking call.
 * @param {number} index
 */
function helperModule(index) {
  const parts = [`/** Helpers, group ${index}. */`, ''];
  for (let f = 0; f < 9; f++) {
    parts.push(
      `export function transform${index}x${f}(input) {`,
      '  const out = {};',
      '  for (const [key, value] of Object.entries(input ?? {})) {',
      "    if (value === null || value === undefined) continue;",
      "    if (typeof value === 'string') out[key] = value.trim();",
      "    else if (typeof value === 'number') out[key] = Math.round(value * 100) / 100;",
      '    else out[key] = value;',
      '  }',
      `  out.group = ${index};`,
      '  return out;',
      '}',
      '',
    );
  }
  parts.push(`export function normalise${index}(input) {`, `  return transform${index}x0(transform${index}x1(input));`, '}', '');
  return parts.join('\n');
}

/**
 * @param {string} file
 * @param {string} text
 */
function writeText(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}
