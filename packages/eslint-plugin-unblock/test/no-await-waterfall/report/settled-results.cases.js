/**
 * TypeScript programs for the Promise.allSettled rewrite (each await in its
 * own try/catch), written after typed-results.cases.js's PRELUDE: the exact
 * output of each, which must pass `tsc --strict` like every fixed TypeScript
 * output (test/no-await-waterfall/report/typed-results.test.js).
 */

/** @type {Array<{ title: string, count: number, code: string, output: string }>} count: the operations started together */
export const SETTLED_CASES = [
  {
    title: 'allSettled: an as cast, an annotated catch parameter, a fallback in each catch',
    count: 2,
    code: `declare const log: { warn(message: string): void };
export async function h(id: string) {
  let user: User | null;
  let orders: Order[];
  try {
    user = await api.getUser(id);
  } catch (err: unknown) {
    log.warn(String(err));
    user = null;
  }
  try {
    orders = (await api.getOrders(id)) as Order[];
  } catch {
    orders = [];
  }
  return { user, orders };
}
`,
    output: `declare const log: { warn(message: string): void };
export async function h(id: string) {
  let user: User | null;
  let orders: Order[];
  const [userResult, ordersResult] = await Promise.allSettled([
    (async () => api.getUser(id) satisfies User | null | PromiseLike<User | null>)(),
    (async () => api.getOrders(id))(),
  ]);
  if (userResult.status === 'fulfilled') {
    user = userResult.value;
  } else {
    const err: unknown = userResult.reason;
    log.warn(String(err));
    user = null;
  }
  if (ordersResult.status === 'fulfilled') {
    orders = ordersResult.value as Order[];
  } else {
    orders = [];
  }
  return { user, orders };
}
`,
  },
  {
    title: 'allSettled: a non-null assertion, a generic call, a dropped result',
    count: 3,
    code: `export async function h(id: string) {
  let team: Team;
  let members: Member[] = [];
  try { await api.getIds(id); } catch (error) { console.error(error); }
  try { team = (await teams.findOne(id))!; } catch { team = { id }; }
  try { members = await http.get<Member[]>(\`/teams/\${id}/members\`); } catch (error) { console.error(error); }
  return [team, members] as const;
}
`,
    output: `export async function h(id: string) {
  let team: Team;
  let members: Member[] = [];
  const [getIdsResult, teamResult, membersResult] = await Promise.allSettled([
    (async () => api.getIds(id))(),
    (async () => teams.findOne(id))(),
    (async () => http.get<Member[]>(\`/teams/\${id}/members\`))(),
  ]);
  if (getIdsResult.status === 'rejected') {
    const error = getIdsResult.reason;
    console.error(error);
  }
  if (teamResult.status === 'fulfilled') {
    team = teamResult.value!;
  } else {
    team = { id };
  }
  if (membersResult.status === 'fulfilled') {
    members = membersResult.value;
  } else {
    const error = membersResult.reason;
    console.error(error);
  }
  return [team, members] as const;
}
`,
  },
];
