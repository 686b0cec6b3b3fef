/**
 * Find what matters (issue 42): worth-having waterfalls the rule used to miss, each principle on a
 * synthetic case whose names differ from the corpus, on a case reduced from the backend that
 * motivated it (named in the comment), and next to the case that must stay silent.
 * docs/real-code.md states each principle and what it changed on the labeled backends.
 */
import { runRuleTests } from './rule-tester.js';
import awaitRule from '../../rules/no-await-waterfall.js';

/** @param {string[]} lines */
const code = (lines) => lines.join('\n');

/**
 * One waterfall whose one suggestion starts the group together.
 * @param {string[]} before
 * @param {string[]} after
 */
const startTogether = (before, after) => ({
  code: code(before),
  errors: [{ messageId: 'waterfall', suggestions: [{ messageId: 'startTogether', output: code(after) }] }],
});

describe('recall: no-await-waterfall', () => {
  runRuleTests('no-await-waterfall', awaitRule, {
    valid: [
      // The read after the guard uses what the guard checks.
      `async function show(Doc, User, id) {
  const doc = await Doc.findOne(id);
  if (!doc) return;
  const owner = await User.findByPk(doc.ownerId);
  return { doc, owner };
}`,
      // A write never starts before the guard.
      `async function touch(Doc, Audit, id) {
  const doc = await Doc.findOne(id);
  if (!doc) return;
  const entry = await Audit.create({ id });
  return { doc, entry };
}`,
      // A gate: the answer is read only to decide whether to go on; what follows is what it allows.
      `async function rename(privileges, Groups, uid, name) {
  const allowed = await privileges.can('groups:edit', uid);
  if (!allowed) throw new Error('no-privileges');
  const group = await Groups.getByName(name);
  return group;
}`,
      // A check of what the record says (a permission) is a decision, not a missing record.
      `async function raw(privileges, posts, pid, uid) {
  const [privilege] = await privileges.get([pid], uid);
  if (!privilege.read) return null;
  const post = await posts.getFields(pid, ['content']);
  return { post, privilege };
}`,
      // A guard whose test calls something is a wall: the call may do anything.
      `async function gated(Doc, User, id, user) {
  const doc = await Doc.findOne(id);
  if (!canSee(user, doc)) return;
  const owner = await User.findByPk(user.id);
  return { doc, owner };
}`,
      // A computed method whose key may be any string: nothing says what it does.
      `async function report(stats, req) {
  const views = await stats[req.query.reader]('views');
  const clicks = await stats[req.query.reader]('clicks');
  return { views, clicks };
}`,
      // One of the names it can be writes: the pair stays in order.
      `async function report(stats, req) {
  let step = 'readWeekly';
  if (req.query.reset) step = 'resetWeekly';
  const views = await stats[step]('views');
  const clicks = await stats[step]('clicks');
  return { views, clicks };
}`,
      // A builder chain with a writing method writes.
      `async function move(Tag, id) {
  const tags = await Tag.query().where({ postId: id });
  const moved = await Tag.query().patch({ postId: 0 }).where({ postId: id });
  return { tags, moved };
}`,
      // A builder call with an argument is no builder start (\`client.query(sql)\` sends that SQL).
      `async function two(client) {
  const a = await client.query('SELECT 1').where({ a: 1 });
  const b = await client.query('SELECT 2').where({ b: 2 });
  return [a, b];
}`,
      // Reads after the function opened its transaction run on it, one at a time.
      `async function provision(db, Users, Teams, input) {
  const trx = await db.transaction();
  const user = await Users.findOne(input.email);
  const team = await Teams.getById(input.teamId);
  await trx.commit();
  return { user, team };
}`,
      // An opener in a loop orders the next turn's reads too.
      `async function sync(pool, Users, Teams, ids) {
  for (const id of ids) {
    const user = await Users.findOne(id);
    const team = await Teams.getById(id);
    const client = await pool.connect();
    await client.query('UPDATE t SET a = 1', [user, team]);
  }
}`,
    ],
    invalid: [
      // A read after an early exit it does not depend on (synthetic): reported, with no rewrite.
      {
        code: code([
          'async function notify(Doc, User, event) {',
          '  const doc = await Doc.findOne(event.documentId);',
          '  if (!doc) {',
          '    return;',
          '  }',
          '  const actor = await User.findByPk(event.actorId);',
          '  return { doc, actor };',
          '}',
        ]),
        errors: [{ messageId: 'waterfallGuarded', suggestions: [] }],
      },
      // Reduced from Outline's reaction notifications task: the actor's read needs nothing the guard checks.
      {
        code: code([
          'async function perform(Document, Comment, User, event) {',
          '  const [document, comment] = await Promise.all([Document.findOne({ where: { id: event.documentId } }), Comment.findByPk(event.modelId)]);',
          '  if (!document || !comment) {',
          '    return;',
          '  }',
          '  const actor = await User.findByPk(event.actorId);',
          '  if (!actor) {',
          '    return;',
          '  }',
          '  const recipient = await User.findByPk(comment.createdById);',
          '  return { documentId: document.id, actor, recipient };',
          '}',
        ]),
        // The actor's read needs nothing the first check checks; the recipient's needs the comment.
        errors: [{ messageId: 'waterfallGuarded', line: 2, suggestions: [] }],
      },
      // A computed method named by a variable only ever given read names (synthetic).
      startTogether([
        'async function report(stats, req) {',
        "  let reader = 'readWeekly';",
        "  if (req.query.span === 'month') reader = 'readMonthly';",
        "  const views = await stats[reader]('views');",
        "  const clicks = await stats[reader]('clicks');",
        '  return { views, clicks };',
        '}',
      ], [
        'async function report(stats, req) {',
        "  let reader = 'readWeekly';",
        "  if (req.query.span === 'month') reader = 'readMonthly';",
        '  const [views, clicks] = await Promise.all([',
        "    stats[reader]('views'),",
        "    stats[reader]('clicks'),",
        '  ]);',
        '  return { views, clicks };',
        '}',
      ]),
      // Reduced from NodeBB's admin federation page: `analytics[method](set, now, count)` for hourly or daily stats.
      startTogether([
        'async function relays(analytics, term) {',
        "  const method = term === 'daily' ? 'getDailyStatsForSet' : 'getHourlyStatsForSet';",
        "  const incoming = await analytics[method]('in', Date.now(), 24);",
        "  const out = await analytics[method]('out', Date.now(), 24);",
        '  return { incoming, out };',
        '}',
      ], [
        'async function relays(analytics, term) {',
        "  const method = term === 'daily' ? 'getDailyStatsForSet' : 'getHourlyStatsForSet';",
        '  const [incoming, out] = await Promise.all([',
        "    analytics[method]('in', Date.now(), 24),",
        "    analytics[method]('out', Date.now(), 24),",
        '  ]);',
        '  return { incoming, out };',
        '}',
      ]),
      // Query-builder chains that only read (synthetic names; Knex's builder as Objection and Bookshelf start it).
      startTogether([
        'async function page(Tag, Post, id) {',
        "  const tags = await Tag.query().where({ postId: id }).orderBy('name');",
        "  const related = await Post.query().whereIn('id', [id]).limit(5);",
        '  return { tags, related };',
        '}',
      ], [
        'async function page(Tag, Post, id) {',
        '  const [tags, related] = await Promise.all([',
        "    Tag.query().where({ postId: id }).orderBy('name'),",
        "    Post.query().whereIn('id', [id]).limit(5),",
        '  ]);',
        '  return { tags, related };',
        '}',
      ]),
      // Reduced from Wiki.js's asset folders resolver: the subfolders and the parent's ancestor chain.
      startTogether([
        'async function folders(models, args) {',
        '  const results = await models.assetFolders.query().where({ parentId: args.parentFolderId });',
        '  const parentHierarchy = await models.assetFolders.getHierarchy(args.parentFolderId);',
        '  return { results, parentHierarchy };',
        '}',
      ], [
        'async function folders(models, args) {',
        '  const [results, parentHierarchy] = await Promise.all([',
        '    models.assetFolders.query().where({ parentId: args.parentFolderId }),',
        '    models.assetFolders.getHierarchy(args.parentFolderId),',
        '  ]);',
        '  return { results, parentHierarchy };',
        '}',
      ]),
      // Reads made before the function opens a connection are not on it (synthetic).
      startTogether([
        'async function provision(pool, Users, Teams, input) {',
        '  const user = await Users.findOne(input.email);',
        '  const team = await Teams.getById(input.teamId);',
        '  const client = await pool.connect();',
        "  await client.query('INSERT INTO members VALUES ($1, $2)', [user.id, team.id]);",
        '  client.release();',
        '}',
      ], [
        'async function provision(pool, Users, Teams, input) {',
        '  const [user, team] = await Promise.all([',
        '    Users.findOne(input.email),',
        '    Teams.getById(input.teamId),',
        '  ]);',
        '  const client = await pool.connect();',
        "  await client.query('INSERT INTO members VALUES ($1, $2)', [user.id, team.id]);",
        '  client.release();',
        '}',
      ]),
      // Reduced from Outline's user provisioner: the user and team reads, then a transaction further down.
      startTogether([
        'async function userProvisioner(User, Team, email, teamId) {',
        "  const existingUser = await User.scope(['withTeam']).findOne({ where: { email, teamId } });",
        "  const team = await Team.scope('withDomains').findByPk(teamId);",
        '  const transaction = await User.sequelize.transaction();',
        '  await User.create({ email, teamId: team.id, existing: existingUser }, { transaction });',
        '  await transaction.commit();',
        '}',
      ], [
        'async function userProvisioner(User, Team, email, teamId) {',
        '  const [existingUser, team] = await Promise.all([',
        "    User.scope(['withTeam']).findOne({ where: { email, teamId } }),",
        "    Team.scope('withDomains').findByPk(teamId),",
        '  ]);',
        '  const transaction = await User.sequelize.transaction();',
        '  await User.create({ email, teamId: team.id, existing: existingUser }, { transaction });',
        '  await transaction.commit();',
        '}',
      ]),
    ],
  });
});

describe('recall: a memo fills a field once (emailengine getClient/getAccount)', () => {
  const memo = [
    'class Mailer {',
    '  async transport() {',
    '    if (this.conn) return this.conn;',
    '    this.conn = await getTransport(this.options);',
    '    return this.conn;',
    '  }',
    '  async part(id) {',
    '    await this.transport();',
    '    return this.api.get(`/parts/${id}`);',
    '  }',
    '  async both(a, b) {',
    '    const first = await this.part(a);',
    '    const second = await this.part(b);',
    '    return [first, second];',
    '  }',
    '}',
  ];
  runRuleTests('no-await-waterfall', awaitRule, {
    valid: [
      // No guard: every call replaces the field, so the calls stay in order.
      code(memo.map((line) => (line === '    if (this.conn) return this.conn;' ? '    if (!this.options) throw new Error("no options");' : line))),
    ],
    invalid: [
      startTogether(memo, memo.flatMap((line) => {
        if (line === '    const first = await this.part(a);') return ['    const [first, second] = await Promise.all([this.part(a), this.part(b)]);'];
        return line === '    const second = await this.part(b);' ? [] : [line];
      })),
    ],
  });
});
