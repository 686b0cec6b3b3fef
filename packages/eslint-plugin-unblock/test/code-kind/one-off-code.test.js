/**
 * Code that runs once (issue 22, cause 6): a project's own upgrade steps,
 * scripts that read their arguments from process.argv, and the callbacks a
 * one-off script awaits. The waterfall rules stay silent there unless
 * `includeOneOffCode` is set; each silent case is paired with that option.
 */
import waterfallRule from '../../rules/no-await-waterfall.js';
import loopRule from '../../rules/no-loop-waterfall.js';
import { runRuleTests } from '../rules/rule-tester.js';

// Found in a forum's upgrades folder: each step is `{ name, timestamp, method }`, run once by the project's upgrade runner.
const DATED_STEP = `module.exports = {
  name: 'Create the verified users group',
  timestamp: Date.UTC(2020, 9, 13),
  method: async function () {
    const owner = await db.getObjectField('group:administrators', 'owner');
    const exists = await groups.exists('verified-users');
    return [owner, exists];
  },
};`;

// Found in a wiki's data-fix scripts: the page comes from the command line and the script exits when done.
const ARGV_SCRIPT = `const page = parseInt(process.argv[2], 10);
export default async function main(exit = false) {
  const teams = await Team.findAll({ offset: page });
  const users = await User.findAll({ offset: page });
  console.log(teams.length, users.length);
  if (exit) {
    process.exit(0);
  }
}
main(true);`;

// A server that reads its port from the command line and exits only on a signal is not a script.
const ARGV_SERVER = `const port = Number(process.argv[2]) || 3000;
export async function handler(req, res) {
  const user = await db.getUser(req.params.id);
  const orders = await db.getOrders(req.params.id);
  res.json({ user, orders });
}
process.on('SIGTERM', () => process.exit(0));
app.get('/u/:id', handler);
app.listen(port);`;

// Found in a wiki's one-off script: the loop sits in a callback the script awaits, batch by batch.
const BATCH_SCRIPT = `async function main() {
  await Team.findAllInBatches({ batchLimit: 5 }, async (teams) => {
    for (const team of teams) {
      await resolve(team.id);
    }
  });
}
main();`;

// The same loop in a callback a route handler keeps for later is on a request path.
const ROUTE_CALLBACK = `app.post('/teams/fix', async (req, res) => {
  for (const team of req.body.teams) {
    await resolve(team.id);
  }
  res.end();
});`;

describe('one-off code', () => {
  describe('no-await-waterfall', () => {
    runRuleTests('no-await-waterfall', waterfallRule, {
      valid: [
        { code: DATED_STEP, languageOptions: { sourceType: 'commonjs' } },
        ARGV_SCRIPT,
      ],
      invalid: [
        {
          code: DATED_STEP,
          languageOptions: { sourceType: 'commonjs' },
          options: [{ includeOneOffCode: true }],
          errors: [{ messageId: 'waterfall', line: 5, suggestions: [{ messageId: 'startTogether', output: `module.exports = {
  name: 'Create the verified users group',
  timestamp: Date.UTC(2020, 9, 13),
  method: async function () {
    const [owner, exists] = await Promise.all([
      db.getObjectField('group:administrators', 'owner'),
      groups.exists('verified-users'),
    ]);
    return [owner, exists];
  },
};` }] }],
        },
        { code: ARGV_SCRIPT, options: [{ includeOneOffCode: true }], errors: [{ messageId: 'waterfall', line: 3, suggestions: [{ messageId: 'startTogether', output: `const page = parseInt(process.argv[2], 10);
export default async function main(exit = false) {
  const [teams, users] = await Promise.all([
    Team.findAll({ offset: page }),
    User.findAll({ offset: page }),
  ]);
  console.log(teams.length, users.length);
  if (exit) {
    process.exit(0);
  }
}
main(true);` }] }] },
        { code: ARGV_SERVER, errors: [{ messageId: 'waterfall', line: 3, suggestions: [{ messageId: 'startTogether', output: `const port = Number(process.argv[2]) || 3000;
export async function handler(req, res) {
  const [user, orders] = await Promise.all([
    db.getUser(req.params.id),
    db.getOrders(req.params.id),
  ]);
  res.json({ user, orders });
}
process.on('SIGTERM', () => process.exit(0));
app.get('/u/:id', handler);
app.listen(port);` }] }] },
      ],
    });
  });

  describe('no-loop-waterfall', () => {
    runRuleTests('no-loop-waterfall', loopRule, {
      valid: [BATCH_SCRIPT],
      invalid: [
        { code: BATCH_SCRIPT, options: [{ includeOneOffCode: true }], errors: [{ messageId: 'loopWaterfall', line: 3, suggestions: [{ messageId: 'runTogether', output: `async function main() {
  await Team.findAllInBatches({ batchLimit: 5 }, async (teams) => {
    await Promise.all(Array.from(teams, (team) => resolve(team.id)));
  });
}
main();` }] }] },
        { code: ROUTE_CALLBACK, errors: [{ messageId: 'loopWaterfall', line: 2, suggestions: [{ messageId: 'runTogether', output: `app.post('/teams/fix', async (req, res) => {
  await Promise.all(Array.from(req.body.teams, (team) => resolve(team.id)));
  res.end();
});` }] }] },
      ],
    });
  });
});
