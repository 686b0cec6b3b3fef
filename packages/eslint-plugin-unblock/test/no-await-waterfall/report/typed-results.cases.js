/**
 * Self-contained TypeScript programs for the typed Promise.all rewrites: the
 * declarations every case uses, then one waterfall per case in each shape a
 * TypeScript backend writes. Shared by the snapshot test and the fix-pass test.
 */
export const PRELUDE = `interface Order { id: string }
interface Profile { name: string }
interface Team { id: string }
interface Member { id: string }
interface Row { id: string }
interface User { id: string }
interface Config { port: number }
declare const api: {
  getOrders(id: string): Promise<unknown>;
  getProfile(id: string): Promise<unknown>;
  getUser(id: string): Promise<User>;
  getIds(id: string): Promise<string[]>;
};
declare const teams: { findOne(id: string): Promise<Team | null> };
declare const http: { get<T>(url: string): Promise<T> };
declare const pool: { query<R>(sql: string, params: unknown[]): Promise<{ rows: R[] }> };
declare const cfg: { load(): Promise<{ port: number }> };
`;

/** @type {Array<{ title: string, code: string, output: string }>} */
export const CASES = [
  {
    title: 'as cast',
    code: `export async function h(id: string) {
  const orders = (await api.getOrders(id)) as Order[];
  const user = await api.getUser(id);
  return [orders, user] as const;
}
`,
    output: `export async function h(id: string) {
  const [ordersResult, user] = await Promise.all([
    api.getOrders(id),
    api.getUser(id),
  ]);
  const orders = ordersResult as Order[];
  return [orders, user] as const;
}
`,
  },
  {
    title: 'angle-bracket cast',
    code: `export async function h(id: string) {
  const profile = <Profile>await api.getProfile(id);
  const user = await api.getUser(id);
  return [profile, user] as const;
}
`,
    output: `export async function h(id: string) {
  const [profileResult, user] = await Promise.all([
    api.getProfile(id),
    api.getUser(id),
  ]);
  const profile = <Profile>profileResult;
  return [profile, user] as const;
}
`,
  },
  {
    title: 'non-null assertion',
    code: `export async function h(id: string) {
  const team = (await teams.findOne(id))!;
  const user = await api.getUser(id);
  return [team.id, user] as const;
}
`,
    output: `export async function h(id: string) {
  const [teamResult, user] = await Promise.all([
    teams.findOne(id),
    api.getUser(id),
  ]);
  const team = teamResult!;
  return [team.id, user] as const;
}
`,
  },
  {
    title: 'satisfies',
    code: `export async function h() {
  const config = (await cfg.load()) satisfies Config;
  const user = await api.getUser('1');
  return [config.port, user] as const;
}
`,
    output: `export async function h() {
  const [configResult, user] = await Promise.all([
    cfg.load() satisfies Config | PromiseLike<Config>,
    api.getUser('1'),
  ]);
  const config = configResult satisfies Config;
  return [config.port, user] as const;
}
`,
  },
  {
    title: 'generic calls',
    code: `export async function h(id: string) {
  const members = await http.get<Member[]>(\`/teams/\${id}/members\`);
  const team = await http.get<Team>(\`/teams/\${id}\`);
  return [members, team] as const;
}
`,
    output: `export async function h(id: string) {
  const [members, team] = await Promise.all([
    http.get<Member[]>(\`/teams/\${id}/members\`),
    http.get<Team>(\`/teams/\${id}\`),
  ]);
  return [members, team] as const;
}
`,
  },
  {
    title: 'annotated destructuring',
    code: `export async function h(id: string) {
  const { rows: users }: { rows: Row[] } = await pool.query<Row>('SELECT id FROM users WHERE org = $1', [id]);
  const team = await teams.findOne(id);
  return [users, team] as const;
}
`,
    output: `export async function h(id: string) {
  const [usersResult, team] = await Promise.all([
    pool.query<Row>('SELECT id FROM users WHERE org = $1', [id]),
    teams.findOne(id),
  ]);
  const { rows: users }: { rows: Row[] } = usersResult;
  return [users, team] as const;
}
`,
  },
  {
    title: 'typed and untyped members, | null kept on a let',
    code: `export async function h(id: string) {
  let team: Team | null = await teams.findOne(id);
  let user = await api.getUser(id);
  if (team && team.id === user.id) team = null;
  return [team, user] as const;
}
`,
    output: `export async function h(id: string) {
  let [teamResult, user] = await Promise.all([
    teams.findOne(id) satisfies Team | null | PromiseLike<Team | null>,
    api.getUser(id),
  ]);
  let team: Team | null = teamResult;
  if (team && team.id === user.id) team = null;
  return [team, user] as const;
}
`,
  },
  {
    title: 'readonly kept',
    code: `export async function h(id: string) {
  const ids: readonly string[] = await api.getIds(id);
  const user = await api.getUser(id);
  return [ids, user] as const;
}
`,
    output: `export async function h(id: string) {
  const [idsResult, user] = await Promise.all([
    api.getIds(id) satisfies readonly string[] | PromiseLike<readonly string[]>,
    api.getUser(id),
  ]);
  const ids: readonly string[] = idsResult;
  return [ids, user] as const;
}
`,
  },
  {
    title: 'every shape in one group',
    code: `export async function h(id: string) {
  const orders = (await api.getOrders(id)) as Order[];
  const profile = <Profile>await api.getProfile(id);
  const team = (await teams.findOne(id))!;
  const members = await http.get<Member[]>(\`/teams/\${id}/members\`);
  const { rows: users }: { rows: Row[] } = await pool.query<Row>('SELECT id FROM users WHERE org = $1', [id]);
  const config: Config = await cfg.load();
  return [orders, profile, team, members, users, config] as const;
}
`,
    output: `export async function h(id: string) {
  const [ordersResult, profileResult, teamResult, members, usersResult, configResult] = await Promise.all([
    api.getOrders(id),
    api.getProfile(id),
    teams.findOne(id),
    http.get<Member[]>(\`/teams/\${id}/members\`),
    pool.query<Row>('SELECT id FROM users WHERE org = $1', [id]),
    cfg.load() satisfies Config | PromiseLike<Config>,
  ]);
  const orders = ordersResult as Order[];
  const profile = <Profile>profileResult;
  const team = teamResult!;
  const { rows: users }: { rows: Row[] } = usersResult;
  const config: Config = configResult;
  return [orders, profile, team, members, users, config] as const;
}
`,
  },
  {
    title: 'all annotated: one tuple type',
    code: `export async function h(id: string) {
  const user: User = await api.getUser(id);
  const team: Team | null = await teams.findOne(id);
  return [user, team] as const;
}
`,
    output: `export async function h(id: string) {
  const [user, team]: [User, Team | null] = await Promise.all([
    api.getUser(id) satisfies User | PromiseLike<User>,
    teams.findOne(id) satisfies Team | null | PromiseLike<Team | null>,
  ]);
  return [user, team] as const;
}
`,
  },
  {
    title: 'a name already taken gets a suffix',
    code: `export async function h(id: string, ordersResult: number) {
  const orders = (await api.getOrders(id)) as Order[];
  const user = await api.getUser(id);
  return [orders, user, ordersResult] as const;
}
`,
    output: `export async function h(id: string, ordersResult: number) {
  const [ordersResult2, user] = await Promise.all([
    api.getOrders(id),
    api.getUser(id),
  ]);
  const orders = ordersResult2 as Order[];
  return [orders, user, ordersResult] as const;
}
`,
  },
  {
    // TypeScript infers get's T from the annotation (the await's expected type); moved into the
    // Promise.all, the call keeps that expectation through satisfies, or T would be unknown.
    title: 'a call generic only in its return type, annotated, next to an unannotated member',
    code: `export async function h(id: string) {
  const config: Config = await http.get('/config');
  const user = await api.getUser(id);
  return [config.port, user] as const;
}
`,
    output: `export async function h(id: string) {
  const [configResult, user] = await Promise.all([
    http.get('/config') satisfies Config | PromiseLike<Config>,
    api.getUser(id),
  ]);
  const config: Config = configResult;
  return [config.port, user] as const;
}
`,
  },
  {
    // The same expectation comes from a variable's declared type when the await is assigned to it.
    title: 'assignments to typed variables',
    code: `export async function h(id: string) {
  let config: Config;
  let user: User | null = null;
  config = await http.get('/config');
  user = await api.getUser(id);
  return [config.port, user] as const;
}
`,
    output: `export async function h(id: string) {
  let config: Config;
  let user: User | null = null;
  [config, user] = await Promise.all([
    http.get('/config') satisfies Config | PromiseLike<Config>,
    api.getUser(id) satisfies User | null | PromiseLike<User | null>,
  ]);
  return [config.port, user] as const;
}
`,
  },
];
