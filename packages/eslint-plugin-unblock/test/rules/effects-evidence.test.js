/**
 * What the evidence sources and the call classification make of calls whose
 * names mislead (issue 22, causes 4 and 5): harmless callees taken for writes
 * or barriers, and writes taken for harmless calls. Each case is reduced
 * from a real backend; the comment says what was wrong.
 */
import waterfallRule from '../../rules/no-await-waterfall.js';
import loopRule from '../../rules/no-loop-waterfall.js';
import { runRuleTests } from './rule-tester.js';

/** @param {string} output the exact suggested code */
const waterfall = (output) => ({ messageId: 'waterfall', suggestions: [{ messageId: 'startTogether', output }] });

const DECRYPT = `import crypto from 'node:crypto';
function decrypt(text, key) {
  const parts = text.split(':');
  const iv = Buffer.from(parts.shift(), 'hex');
  const decipher = crypto.createDecipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([decipher.update(Buffer.from(parts.join(':'), 'hex')), decipher.final()]).toString();
}`;

describe('evidence against misleading names', () => {
  describe('no-await-waterfall', () => {
    runRuleTests('no-await-waterfall', waterfallRule, {
      valid: [
        // ── Writes a name hides ──────────────────────────────────────────────
        // `tryAdd…` adds: "try" only says it may fail (found as a slot claim next to two settings reads).
        'async function h(settings, account, id) { const maxAge = await settings.get("maxAge"); const slot = await tryAddToActiveSet(account, id); return [maxAge, slot]; }',
        // A Redis script can write whatever its name: it stays after the read (the script is a check-and-add).
        'const ADD = "return 1";\nasync function slotFor(redis, key) { return redis.eval(ADD, 1, key); }\nasync function h(settings, redis, key) { const limit = await settings.get("limit"); const slot = await slotFor(redis, key); return [limit, slot]; }',
        // ── What a pure package is not ───────────────────────────────────────
        // `endOfDay` from a module of the project's own is unknown: its name still reads as a write.
        "import { endOfDay } from './dates';\nasync function balances(db, userId, date) { return db.getBalances(userId, endOfDay(date)); }\nasync function h(db, api, userId, date) { const activities = await api.getActivities(userId); const items = await balances(db, userId, date); return [activities, items]; }",
        // ── Mutations of what someone else holds ─────────────────────────────
        // The helper shifts an array it was handed: a write to its argument.
        'function takeFirst(parts) { return parts.shift(); }\nclass Config { async first() { const rows = await this.db.config.findMany(); return takeFirst(rows); } async page() { const first = await this.first(); const users = await this.users.count(); return [first, users]; } }',
        // ── A real question is still a barrier ────────────────────────────────
        "async function h(db, name) { const row = await db.getUser(name); const answer = await prompt(`Remove ${name}? [y/N] `); return [row, answer]; }",
      ],
      invalid: [
        // Found in a monitoring server: SQL ending in a `?` placeholder was taken for a question to the user (a barrier).
        {
          code: "async function h(R, id) {\n  const beats = await R.getAll('SELECT * FROM heartbeat WHERE monitor_id = ?', [id]);\n  const tags = await R.getAll('SELECT * FROM tag WHERE monitor_id = ?', [id]);\n  return [beats, tags];\n}",
          errors: [waterfall(`async function h(R, id) {
  const [beats, tags] = await Promise.all([
    R.getAll('SELECT * FROM heartbeat WHERE monitor_id = ?', [id]),
    R.getAll('SELECT * FROM tag WHERE monitor_id = ?', [id]),
  ]);
  return [beats, tags];
}`)],
        },
        // Found in a portfolio service: date-fns helpers (`endOfDay`, `addDays`) only compute, whatever their names say.
        {
          code: "import { endOfDay, addDays } from 'date-fns';\nasync function balances(db, userId, date) { return db.getBalances(userId, endOfDay(addDays(date, 1))); }\nasync function h(db, api, userId, date) {\n  const activities = await api.getActivities(userId);\n  const items = await balances(db, userId, date);\n  return [activities, items];\n}",
          errors: [waterfall(`import { endOfDay, addDays } from 'date-fns';
async function balances(db, userId, date) { return db.getBalances(userId, endOfDay(addDays(date, 1))); }
async function h(db, api, userId, date) {
  const [activities, items] = await Promise.all([
    api.getActivities(userId),
    balances(db, userId, date),
  ]);
  return [activities, items];
}`)],
        },
        // The same helper in the awaited call's own arguments: the evidence on the whole call decides, not the inner name.
        {
          code: "import { endOfDay } from 'date-fns';\nasync function h(db, api, userId, date) {\n  const activities = await api.getActivities(userId);\n  const items = await db.getBalances(userId, endOfDay(date));\n  return [activities, items];\n}",
          errors: [waterfall(`import { endOfDay } from 'date-fns';
async function h(db, api, userId, date) {
  const [activities, items] = await Promise.all([
    api.getActivities(userId),
    db.getBalances(userId, endOfDay(date)),
  ]);
  return [activities, items];
}`)],
        },
        // Found in an API backend: decrypt() shifts an array and updates a decipher it made itself; nothing outside changes.
        {
          code: `${DECRYPT}\nclass Config {\n  async configMap() { const rows = await this.db.config.findMany(); return rows.map((row) => decrypt(row.value, this.key)); }\n  async page() {\n    const map = await this.configMap();\n    const users = await this.users.count();\n    return [map, users];\n  }\n}`,
          errors: [waterfall(`import crypto from 'node:crypto';
function decrypt(text, key) {
  const parts = text.split(':');
  const iv = Buffer.from(parts.shift(), 'hex');
  const decipher = crypto.createDecipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([decipher.update(Buffer.from(parts.join(':'), 'hex')), decipher.final()]).toString();
}
class Config {
  async configMap() { const rows = await this.db.config.findMany(); return rows.map((row) => decrypt(row.value, this.key)); }
  async page() {
    const [map, users] = await Promise.all([
      this.configMap(),
      this.users.count(),
    ]);
    return [map, users];
  }
}`)],
        },
        // A regular expression literal shows `str.replace` is a string's: not a data write (found in a feed route's helper).
        {
          code: "function clean(str) { return str.replace(/\\s+/g, ' '); }\nasync function titleOf(db, id) { const row = await db.getTopic(id); return clean(row.title); }\nasync function h(db, users, id, uid) {\n  const user = await users.getUser(uid);\n  const title = await titleOf(db, id);\n  return [user, title];\n}",
          errors: [waterfall(`function clean(str) { return str.replace(/\\s+/g, ' '); }
async function titleOf(db, id) { const row = await db.getTopic(id); return clean(row.title); }
async function h(db, users, id, uid) {
  const [user, title] = await Promise.all([
    users.getUser(uid),
    titleOf(db, id),
  ]);
  return [user, title];
}`)],
        },
        // A read-only Redis script reads, whatever the name of the helper that runs it.
        {
          code: "const COUNT = 'return 1';\nasync function syncActive(redis, key) { return redis.eval_ro(COUNT, 1, key); }\nasync function h(settings, redis, key) {\n  const limit = await settings.get('limit');\n  const active = await syncActive(redis, key);\n  return [limit, active];\n}",
          errors: [waterfall(`const COUNT = 'return 1';
async function syncActive(redis, key) { return redis.eval_ro(COUNT, 1, key); }
async function h(settings, redis, key) {
  const [limit, active] = await Promise.all([
    settings.get('limit'),
    syncActive(redis, key),
  ]);
  return [limit, active];
}`)],
        },
      ],
    });
  });

  describe('no-loop-waterfall', () => {
    runRuleTests('no-loop-waterfall', loopRule, {
      valid: [],
      invalid: [
        // Found in a monitoring server: per-key reads whose SQL ends in a `?` placeholder were barriers.
        {
          code: "async function h(R, keys) {\n  const rows = [];\n  for (const key of keys) {\n    const row = await R.findOne('setting', ' `key` = ? ', [key]);\n    rows.push(row);\n  }\n  return rows;\n}",
          errors: [{ messageId: 'loopWaterfall', suggestions: [{ messageId: 'runTogether', output: `async function h(R, keys) {
  const rows = await Promise.all(Array.from(keys, async (key) => {
    const row = await R.findOne('setting', ' \`key\` = ? ', [key]);
    return row;
  }));
  return rows;
}` }] }],
        },
      ],
    });
  });
});
