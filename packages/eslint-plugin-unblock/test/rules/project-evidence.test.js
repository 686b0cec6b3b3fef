/**
 * What the project index changes within one file: callees' bodies, SQL
 * text, nouns and fresh objects decide where names cannot. Cross-file cases
 * live in test/project/cross-file.test.js (linted from disk).
 */
import waterfallRule from '../../rules/no-await-waterfall.js';
import loopRule from '../../rules/no-loop-waterfall.js';
import { runRuleTests } from './rule-tester.js';

/**
 * @param {string} output the exact suggested code
 */
const waterfall = (output) => ({
  messageId: 'waterfall',
  suggestions: [{ messageId: 'startTogether', output }],
});

const dashboardClass = (body) => `class DashboardService {
  async statsFor(teamId) { const { rows } = await this.pool.query('SELECT count(*) AS n FROM events WHERE team_id = $1', [teamId]); return rows[0]; }
  async openAlerts(teamId) { const { rows } = await this.pool.query('SELECT id FROM alerts WHERE team_id = $1 AND closed_at IS NULL', [teamId]); return rows; }
  async dashboard(teamId) {
${body}
    return { stats, alerts };
  }
}`;

describe('project index evidence in one file', () => {
  describe('no-await-waterfall', () => {
    runRuleTests('no-await-waterfall', waterfallRule, {
      valid: [
        // ── The bodies show a write followed by a read of what it wrote ──────
        // ensureTenant INSERTs the settings row that settingsFor SELECTs (names say nothing).
        "async function ensureTenant(db, slug) { await db.query('INSERT INTO settings (slug) VALUES ($1) ON CONFLICT DO NOTHING', [slug]); return slug; }\nasync function settingsFor(db, slug) { return db.query('SELECT * FROM settings WHERE slug = $1', [slug]); }\nasync function h(db, slug) { const tenant = await ensureTenant(db, slug); const settings = await settingsFor(db, slug); return [tenant, settings]; }",
        // INSERT … RETURNING is a write; the SELECT after it reads the same table.
        "async function h(db, n) { const row = await db.query('INSERT INTO users (name) VALUES ($1) RETURNING id', [n]); const all = await db.query('SELECT * FROM users'); return [row, all]; }",
        // A find-or-create on teams, then a count of teams: the count must see the insert.
        "async function teamFor(db, name) { const found = await db.query('SELECT * FROM teams WHERE name = $1', [name]); if (found.rows.length) return found.rows[0]; return db.query('INSERT INTO teams (name) VALUES ($1) RETURNING *', [name]); }\nasync function countTeams(db) { return db.query('SELECT count(*) FROM teams'); }\nasync function h(db, name) { const team = await teamFor(db, name); const count = await countTeams(db); return [team, count]; }",
        // ── State set by one call and read by the next ──────────────────────
        // login() sets this.user, prefs() reads it.
        'class Session { async login(c) { this.user = await api.auth(c); return this.user; } async prefs() { return api.prefsOf(this.user.id); } async h(c) { const u = await this.login(c); const p = await this.prefs(); return [u, p]; } }',
        // warm() fills module state that lookup() reads.
        'let cache = null;\nasync function warm() { cache = await fetchAll(); return cache; }\nasync function lookup(id) { return cache ? cache[id] : fetchOne(id); }\nasync function h(id) { const a = await warm(); const b = await lookup(id); return [a, b]; }',
        // ── One connection: a client checked out of the pool runs one query at a time ──
        "async function h(pool) { const client = await pool.connect(); const a = await client.query('SELECT * FROM a'); const b = await client.query('SELECT * FROM b'); client.release(); return [a, b]; }",
        // ── Nothing to gain: fewer than two operations wait on I/O ──────────
        // Both helpers only compute (string methods).
        "async function slug(s) { return s.trim().toLowerCase(); }\nasync function title(s) { return s.trim().replace(/-/g, ' '); }\nasync function h(body) { const a = await slug(body.name); const b = await title(body.name); return [a, b]; }",
        // One real read and one CPU-only helper: Promise.all would not be faster.
        'async function slug(s) { return s.trim().toLowerCase(); }\nasync function h(api, body) { const user = await api.getUser(body.id); const a = await slug(body.name); return [user, a]; }',
        // ── Properties of a fresh object: only separate places when nothing reads the whole ──
        // getPrefs is handed the object the first await wrote into.
        'async function h(id) { const out = {}; out.user = await getUser(id); const prefs = await getPrefs(out); return [out, prefs]; }',
        // A parameter is not fresh: someone else holds it (and may have setters).
        'async function h(out, id) { out.user = await getUser(id); out.prefs = await getPrefs(id); return out; }',
        // The same property twice.
        'async function h(id) { const out = {}; out.user = await getUser(id); out.user = await getPrefs(id); return out; }',
        // ── A transaction handed over as an option: one connection (found in Ghost's repositories) ──
        'async function h(models, options) { const offers = await models.Offer.findAll({ transacting: options.transacting }); const count = await models.Offer.count({ transacting: options.transacting }); return [offers, count]; }',
        'async function h(User, Post, t) { const user = await User.findOne({ where: { id: 1 }, transaction: t }); const posts = await Post.findAll({ transaction: t }); return [user, posts]; }',
        // ── Nouns: a noun that names an action can read or write anything ────
        'async function h(api, a, b) { const x = await api.query(a); const y = await api.query(b); return [x, y]; }',
      ],
      invalid: [
        {
          // Two methods whose names hold no known verb; their bodies SELECT.
          code: dashboardClass('    const stats = await this.statsFor(teamId);\n    const alerts = await this.openAlerts(teamId);'),
          errors: [waterfall(dashboardClass('    const [stats, alerts] = await Promise.all([\n      this.statsFor(teamId),\n      this.openAlerts(teamId),\n    ]);'))],
        },
        {
          // Same receiver, "query" says nothing: the SQL text says both read.
          code: "async function h(pool, id) {\n  const a = await pool.query('SELECT * FROM accounts WHERE id = $1', [id]);\n  const b = await pool.query('SELECT * FROM invoices WHERE account_id = $1', [id]);\n  return [a, b];\n}",
          errors: [waterfall("async function h(pool, id) {\n  const [a, b] = await Promise.all([\n    pool.query('SELECT * FROM accounts WHERE id = $1', [id]),\n    pool.query('SELECT * FROM invoices WHERE account_id = $1', [id]),\n  ]);\n  return [a, b];\n}")],
        },
        {
          // DataLoader's load() batches reads.
          code: 'async function h(loaders, issue) {\n  const author = await loaders.user.load(issue.authorId);\n  const project = await loaders.project.load(issue.projectId);\n  return [author, project];\n}',
          errors: [waterfall('async function h(loaders, issue) {\n  const [author, project] = await Promise.all([\n    loaders.user.load(issue.authorId),\n    loaders.project.load(issue.projectId),\n  ]);\n  return [author, project];\n}')],
        },
        {
          // Noun getters whose results are used read.
          code: 'async function h(api, id) {\n  const user = await api.user(id);\n  const settings = await api.settings(id);\n  return [user, settings];\n}',
          errors: [waterfall('async function h(api, id) {\n  const [user, settings] = await Promise.all([api.user(id), api.settings(id)]);\n  return [user, settings];\n}')],
        },
        {
          // Two different properties of a fresh local object.
          // JavaScript: in TypeScript `out.user` on `{}` would not compile, and a property's type cannot be written into the rewrite.
          filename: 'file.js',
          code: 'async function h(id) {\n  const out = {};\n  out.user = await getUser(id);\n  out.prefs = await getPrefs(id);\n  return out;\n}',
          errors: [waterfall('async function h(id) {\n  const out = {};\n  [out.user, out.prefs] = await Promise.all([getUser(id), getPrefs(id)]);\n  return out;\n}')],
        },
        {
          // A wrapper whose name says nothing runs the async callback it is handed: two SELECTs.
          code: "async function h(db) {\n  const a = await withRetry(async () => db.query('SELECT * FROM a'));\n  const b = await withRetry(async () => db.query('SELECT * FROM b'));\n  return [a, b];\n}",
          errors: [waterfall("async function h(db) {\n  const [a, b] = await Promise.all([\n    withRetry(async () => db.query('SELECT * FROM a')),\n    withRetry(async () => db.query('SELECT * FROM b')),\n  ]);\n  return [a, b];\n}")],
        },
      ],
    });
  });

  describe('no-loop-waterfall', () => {
    runRuleTests('no-loop-waterfall', loopRule, {
      valid: [
        // Found in Strapi: the element's own lifecycle and listeners run in order, though "listener" and "bootstrap" are nouns.
        'async function emit(listeners, e) { for (const listener of listeners) { await listener(e); } }',
        'async function boot(providers, app) { for (const provider of providers) { await provider.bootstrap?.(app); } }',
        // A local recursive helper appends to the result list: each iteration writes it.
        'async function collect(folders) { const result = []; async function traverse(folder) { const entries = await readdir(folder); for (const e of entries) result.push(e); } for (const folder of folders) { await traverse(folder); } return result; }',
        // A walk that appends to an output buffer: the output order is the iteration order.
        "async function render(nodes) { const out = []; async function walkNode(n) { out.push(await format(n)); } for (const n of nodes) { await walkNode(n); } return out.join(''); }",
        // The helper counts in module state.
        'let seen = 0;\nasync function visit(id) { seen++; return fetchItem(id); }\nasync function h(ids) { for (const id of ids) { await visit(id); } return seen; }',
        // The helper is a find-or-create on one table, though its name reads.
        "class Teams { async fetchTeam(name) { const found = await this.db.query('SELECT * FROM teams WHERE name = $1', [name]); if (found.rows[0]) return found.rows[0]; return this.db.query('INSERT INTO teams (name) VALUES ($1)', [name]); }\n  async h(names) { const teams = []; for (const name of names) { teams.push(await this.fetchTeam(name)); } return teams; } }",
      ],
      invalid: [],
    });
  });
});
