/**
 * The pieces reuse between lints is decided with (rules/reuse/): where two texts differ, the
 * names each unit shares with others, which units an edited one reaches, and reports kept as data.
 */
import assert from 'node:assert/strict';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { editRegion } from '../../rules/reuse/edit-region.js';
import { unitNames, unitsOf } from '../../rules/reuse/unit-names.js';
import { unitsReachedFrom } from '../../rules/reuse/unit-graph.js';
import { keepReport, movedReport, keptWithin, descriptorOf } from '../../rules/verdicts/kept-reports.js';

/**
 * The SourceCode ESLint makes of a text, taken from a rule that runs on it.
 * @param {string} text
 * @param {boolean} [typescript]
 * @returns {import('eslint').SourceCode}
 */
function sourceCodeOf(text, typescript = false) {
  /** @type {any} */
  let captured = null;
  const plugin = { rules: { take: { create: (/** @type {any} */ context) => ((captured = context.sourceCode), {}) } } };
  new Linter().verify(text, [{ files: ['**/*.js', '**/*.ts'], plugins: { t: plugin }, rules: { 't/take': 'error' }, languageOptions: typescript ? { parser: tsParser } : { sourceType: 'module' } }], { filename: typescript ? 'f.ts' : 'f.js' });
  return captured;
}

/** @param {string} text @param {boolean} [typescript] */
function namesOf(text, typescript) {
  const sourceCode = sourceCodeOf(text, typescript);
  const units = unitsOf(sourceCode.ast);
  const names = unitNames(sourceCode, units.map((_, at) => at));
  return units.map((_, at) => /** @type {import('../../rules/reuse/unit-names.js').UnitNames} */ (names.get(at)));
}

describe('where two texts of a file differ', () => {
  it('is one stretch, the same start in both texts', () => {
    assert.deepEqual(editRegion('abcdef', 'abXYef'), { start: 2, beforeEnd: 4, afterEnd: 4 });
    assert.deepEqual(editRegion('abc', 'abXc'), { start: 2, beforeEnd: 2, afterEnd: 3 });
    assert.equal(editRegion('same', 'same'), null);
  });

  it('does not let the common end overlap the common start (a character repeated)', () => {
    // "aa" → "aaa": an insertion at the end of the common start, not a change of the whole text.
    assert.deepEqual(editRegion('aa', 'aaa'), { start: 2, beforeEnd: 2, afterEnd: 3 });
  });
});

describe('the names a unit shares', () => {
  it('takes a top-level class member by member, and a parameter property as a defined property', () => {
    const [field, constructor, method] = namesOf(`export class Users {
  cache = new Map();
  constructor(private readonly repo: Repo) {}
  async find(id: string) { return this.repo.findOne(id); }
}`, true);
    assert.ok(field.defines.has('cache'));
    assert.ok(constructor.defines.has('repo'));
    assert.ok(method.defines.has('find') && method.reads.has('repo') && method.reads.has('findOne'));
  });

  it("gives a split class's own names (its name, its superclass) to each of its members", () => {
    const units = namesOf(`class Base {}
class Users extends Base {
  constructor() { super(); }
  load() { return 1; }
}
function make() { return new Users(); }`);
    const [, constructor, method] = units;
    for (const member of [constructor, method]) assert.ok(member.provides.has('Users') && member.uses.has('Base'));
    // Whoever creates the class reaches its constructor (a class created at start-up runs it once).
    assert.ok(unitsReachedFrom(units, 3).has(1));
  });

  it('counts an assignment to a module-level binding as something the unit provides', () => {
    const [declared, assigning, reading] = namesOf(`let client = null;
function connect(pool) { client = pool.connect(); }
function query() { return client.query('SELECT 1'); }`);
    assert.ok(declared.provides.has('client'));
    assert.ok(assigning.provides.has('client'));
    assert.ok(reading.uses.has('client') && !reading.provides.has('client'));
  });

  it('counts a property as defined only where a call may resolve to it', () => {
    const [helper, building, exported, , assigning] = namesOf(`function helper() { return 1; }
function build(id, note) { return { id, note, count: 2, run: helper, make: () => 1 }; }
module.exports = { LIMIT: 5 };
const Service = {};
function wire(repo, local) { Service.repo = repo; Service.helper = helper; Service.size = 3; local.other = helper; Service.deep.name = helper; }`);
    assert.ok(helper.provides.has('helper'));
    // An object returned (a response being built, what a factory makes): no call elsewhere resolves to its keys.
    assert.deepEqual([...building.defines], []);
    assert.ok(exported.defines.has('LIMIT'), "a module's exports are read key by key");
    // Onto a module-level object any value counts (the index looks a name up at module level, where
    // another unit's edit may declare it); onto a local object, or deeper than one level, nothing does.
    assert.deepEqual([...assigning.defines].sort(), ['helper', 'repo', 'size']);
  });

  it('counts the keys of an object assigned whole only where the index reads the assignment', () => {
    // Reduced from ghostfolio's portfolio.service.ts: per-account totals built in a local map linked
    // every unit that reads `.currency` or `.balance` to the method building the response.
    const [, tallying, registering, caching] = namesOf(`const Registry = {};
function tally(rows) { const totals = {}; for (const row of rows) { totals[row.shelf] = { weight: row.kg, label: row.name }; totals.last = { stamp: 1 }; } return totals; }
function register() { Registry.hooks = { onOpen: () => 1, nested: { onClose() {} } }; }
class Depot {
  warm() { this.lanes = { first: () => 1 }; }
}`);
    assert.deepEqual([...tallying.defines], [], 'objects put onto a local are reached through it, in its own unit');
    assert.deepEqual([...registering.defines].sort(), ['hooks', 'nested', 'onClose', 'onOpen']);
    assert.deepEqual([...caching.defines].sort(), ['first', 'lanes', 'warm']);
  });

  it('counts a parameter with a type annotation assigned to a field (a constructor), and this only where it is known', () => {
    const [constructor] = namesOf(`export class Users {
  constructor(repo: Repo, other) { this.repo = repo; this.other = other; }
}`, true);
    assert.deepEqual([...constructor.defines].sort(), ['constructor', 'repo']);
    // A function assigned to a prototype: the index resolves no call to it, and does not know its this.
    const [, prototype] = namesOf(`function Users() {}
Users.prototype.load = function () { this.cache = new Map(); };`);
    assert.deepEqual([...prototype.defines], []);
  });

  it("does not count a function's own locals and parameters", () => {
    const [unit] = namesOf(`async function load(db, id) { const user = await db.get(id); return user; }`);
    assert.deepEqual([...unit.uses], []);
    assert.deepEqual([...unit.provides], ['load']);
  });
});

describe('the units an edit reaches', () => {
  const units = namesOf(`function leaf() { return 1; }
function middle() { return leaf(); }
function top() { return middle(); }
function sibling() { return leaf(); }
function alone() { return 2; }`);

  it('reaches what the edited unit calls, all the way down, and what calls it, all the way up', () => {
    assert.deepEqual([...unitsReachedFrom(units, 1)].sort(), [0, 1, 2]);
    assert.deepEqual([...unitsReachedFrom(units, 0)].sort(), [0, 1, 2, 3]);
  });

  it("does not reach another caller of the same callee: a callee's summary is its own body's", () => {
    assert.ok(!unitsReachedFrom(units, 2).has(3));
    assert.ok(!unitsReachedFrom(units, 1).has(4));
  });

  it('reaches downward by a property name only where callers are read from the linted text', () => {
    const dock = namesOf(`import { format } from './labels.js';
function seal(parcel) { return format(parcel); }
export class Dock {
  async dispatch(parcel) { await this.weigh(parcel); return seal(parcel); }
  async weigh(parcel) { return this.stack(parcel); }
  stack(parcel) { return parcel; }
}`);
    // With a project index, who calls `weigh` is read from the file on disk, which an unsaved edit of
    // `dispatch` does not change; who calls `seal` is read from the text too (the start-up classifier).
    assert.deepEqual([...unitsReachedFrom(dock, 2, { propertyCallersFromText: false })].sort(), [0, 1, 2]);
    // The index of the linted text alone reads the edited call: `weigh`, and `stack` below it, may change.
    assert.deepEqual([...unitsReachedFrom(dock, 2)].sort(), [0, 1, 2, 3, 4]);
    // Upward nothing changes: whoever calls the edited method reads its summary, however it is found.
    assert.deepEqual([...unitsReachedFrom(dock, 3, { propertyCallersFromText: false })].sort(), [2, 3]);
  });

  it('reaches, in a service whose methods call one another through this, the edited method and its callers (reduced from ghostfolio)', () => {
    // portfolio.service.ts, an edit in its first async method: 51 of its 76 units were analysed again, 13 now.
    const service = namesOf(`@Injectable()
export class PortfolioService {
  public constructor(private readonly accountService: AccountService, private readonly userService: UserService) {}
  public async getAccounts({ userId }: { userId: string }) {
    const [accounts, details, user] = await Promise.all([this.accountService.accounts({ userId }), this.getDetails({ userId }), this.userService.user({ id: userId })]);
    const userCurrency = this.getUserCurrency(user);
    return accounts.map((account) => ({ ...account, userCurrency, details }));
  }
  public async getDetails({ userId }: { userId: string }) {
    return this.getValueOfAccounts({ userId });
  }
  private async getValueOfAccounts({ userId }: { userId: string }) {
    return this.accountService.accounts({ userId });
  }
  private getUserCurrency(user: { currency?: string }) {
    return user.currency ?? 'USD';
  }
  public async getReport(userId: string) {
    const accounts = await this.getAccounts({ userId });
    return accounts.length;
  }
}`, true);
    // With a project index: the method, and getReport, which reads its summary.
    assert.deepEqual([...unitsReachedFrom(service, 1, { propertyCallersFromText: false })].sort(), [1, 5]);
    // Read from the linted text, its callees' callers change: every method it calls, and the constructor that sets the fields it reads.
    assert.deepEqual([...unitsReachedFrom(service, 1)].sort(), [0, 1, 2, 3, 4, 5]);
  });
});

describe('a report kept as data', () => {
  const sourceCode = sourceCodeOf('const a = 1;\nconst b = 2;\n');
  const node = unitsOf(sourceCode.ast)[1];

  it('is not made again when the host never asked for its fix', () => {
    const { kept } = keepReport({ node, message: 'm', fix: () => ({ range: [13, 14], text: 'let' }) }, sourceCode);
    assert.equal(movedReport(kept, 3), null);
    assert.equal(keptWithin(kept, 0, 100), false);
  });

  it('is made again as a position when the rule gave a position, not a range', () => {
    const { kept } = keepReport({ loc: { line: 2, column: 6 }, message: 'm' }, sourceCode);
    const again = descriptorOf(/** @type {any} */ (movedReport(kept, 0)), sourceCode);
    assert.deepEqual(again.loc, { line: 2, column: 6 });
  });

  it('moves with its fix, and hands a fix written as a generator over once, read', () => {
    const { descriptor, kept } = keepReport({ node, message: 'm', *fix() { yield { range: [13, 18], text: 'let' }; } }, sourceCode);
    assert.deepEqual(descriptor.fix(null), [{ range: [13, 18], text: 'let' }]);
    assert.deepEqual(movedReport(kept, 3)?.fix?.edits, [{ range: [16, 21], text: 'let' }]);
    assert.equal(keptWithin(kept, node.range[0], node.range[1]), true);
    assert.equal(keptWithin(kept, 20, 100), false, 'a fix outside the unit');
  });
});
