/**
 * TypeScript output of the start-early suggestion and of optional chains in
 * the Promise.all rewrite: the exact text, and `tsc --strict --noEmit` on the
 * code before and after (both must have zero errors).
 */
import assert from 'node:assert/strict';
import { lintWith, applySuggestionsWithId } from '../../support/apply-suggestions.js';
import { typeErrors } from '../../support/typecheck.js';
import { PRELUDE } from './typed-results.cases.js';

const NOTE = '// keeps an early failure for the await below (no unhandled rejection)';

/** @type {Array<{ title: string, suggestion: 'startEarly' | 'startTogether', code: string, output: string }>} */
const CASES = [
  {
    title: 'start early: untyped, asserted and non-null members keep their types',
    suggestion: 'startEarly',
    code: `export async function h(id: string) {
  const user = await api.getUser(id);
  const orders = await api.getOrders(user.id);
  const profile = (await api.getProfile(id)) as Profile;
  const team = (await teams.findOne(id))!;
  const count = (await api.getIds(id))?.length;
  return [orders, profile.name, team.id, count] as const;
}
`,
    output: `export async function h(id: string) {
  const profilePromise = (async () => api.getProfile(id))();
  profilePromise.catch(() => {}); // keeps early failures for the awaits below (no unhandled rejection)
  const teamPromise = (async () => teams.findOne(id))();
  teamPromise.catch(() => {});
  const countPromise = (async () => api.getIds(id))();
  countPromise.catch(() => {});
  const user = await api.getUser(id);
  const orders = await api.getOrders(user.id);
  const profile = (await profilePromise) as Profile;
  const team = (await teamPromise)!;
  const count = (await countPromise)?.length;
  return [orders, profile.name, team.id, count] as const;
}
`,
  },
  {
    title: 'start early: an annotated generic call with its type arguments',
    suggestion: 'startEarly',
    code: `export async function h(id: string) {
  const user = await api.getUser(id);
  const orders = await api.getOrders(user.id);
  const members: readonly Member[] | null = await http.get<Member[]>(\`/teams/\${id}/members\`);
  return [orders, members] as const;
}
`,
    output: `export async function h(id: string) {
  const membersPromise = (async () => http.get<Member[]>(\`/teams/\${id}/members\`))();
  membersPromise.catch(() => {}); ${NOTE}
  const user = await api.getUser(id);
  const orders = await api.getOrders(user.id);
  const members: readonly Member[] | null = await membersPromise;
  return [orders, members] as const;
}
`,
  },
  {
    title: 'start early in a class method: `this` is the method\'s',
    suggestion: 'startEarly',
    code: `export class Orders {
  constructor(private readonly users: { getUser(id: string): Promise<User> }, private readonly config: { load(): Promise<{ port: number }> }) {}
  async show(id: string) {
    const user = await this.users.getUser(id);
    const orders = await api.getOrders(user.id);
    const config = await this.config.load();
    return [orders, config.port] as const;
  }
}
`,
    output: `export class Orders {
  constructor(private readonly users: { getUser(id: string): Promise<User> }, private readonly config: { load(): Promise<{ port: number }> }) {}
  async show(id: string) {
    const configPromise = (async () => this.config.load())();
    configPromise.catch(() => {}); ${NOTE}
    const user = await this.users.getUser(id);
    const orders = await api.getOrders(user.id);
    const config = await configPromise;
    return [orders, config.port] as const;
  }
}
`,
  },
  {
    title: 'Promise.all: optional chains on the awaited value, one of them annotated',
    suggestion: 'startTogether',
    code: `export async function h(id: string) {
  const name: string | undefined = (await teams.findOne(id))?.id;
  const count = (await api.getIds(id))?.length;
  return [name, count] as const;
}
`,
    output: `export async function h(id: string) {
  const [nameResult, countResult] = await Promise.all([
    teams.findOne(id),
    api.getIds(id),
  ]);
  const name: string | undefined = nameResult?.id;
  const count = countResult?.length;
  return [name, count] as const;
}
`,
  },
];

describe('typed start-early rewrites and optional chains', function () {
  // The first check parses TypeScript's library files.
  this.timeout(20000);

  it('keeps in place an annotated member whose call infers its type from the annotation', () => {
    const code = `${PRELUDE}export async function h(id: string) {
  const user = await api.getUser(id);
  const orders = await api.getOrders(user.id);
  const config: Config = await http.get('/config');
  return [orders, config] as const;
}
`;
    const [message] = lintWith(code, { rule: 'no-await-waterfall', typescript: true });
    assert.deepEqual(message.suggestions?.map((offered) => offered.messageId), ['startTogether']);
    // Why: started on its own line, `http.get<T>()` has no expected type to infer T from.
    const started = code
      .replace("  const user", "  const configPromise = (async () => http.get('/config'))();\n  const user")
      .replace("await http.get('/config')", 'await configPromise');
    assert.deepEqual(typeErrors(started).map((error) => error.replace(/^\d+: /, '')), ["Type 'unknown' is not assignable to type 'Config'."]);
  });

  for (const { title, suggestion, code, output } of CASES) {
    describe(title, () => {
      const before = PRELUDE + code;
      const messages = lintWith(before, { rule: 'no-await-waterfall', typescript: true });
      const after = applySuggestionsWithId(before, messages, suggestion);

      it('is reported once, with the suggestion', () => {
        assert.equal(messages.length, 1);
        assert.ok(messages[0].suggestions?.some((offered) => offered.messageId === suggestion));
      });
      it('suggests the exact output', () => {
        assert.equal(after.slice(PRELUDE.length), output);
      });
      it('type-checks before and after with tsc --strict', () => {
        assert.deepEqual(typeErrors(before), []);
        assert.deepEqual(typeErrors(after), []);
      });
    });
  }
});
