/**
 * Two parts of unblock/no-await-waterfall, with the exact output of every
 * suggestion:
 * - "start early, await late": a member separated from the group's first
 *   member by an await it does not depend on starts before the group and is
 *   awaited where it was (second suggestion, after the Promise.all one);
 * - optional chains on the awaited value (`(await f())?.name`) join groups.
 */
import { runRuleTests } from './rule-tester.js';
import rule from '../../rules/no-await-waterfall.js';

/**
 * @param {string | null} promiseAll the exact Promise.all output, or null when that rewrite is not offered
 * @param {string | null} early the exact start-early output, or null when it is not offered
 * @param {{ names?: string, each?: string }} [data] the start-early message data
 */
const waterfall = (promiseAll, early, data = {}) => ({
  messageId: 'waterfall',
  suggestions: [
    ...(promiseAll === null ? [] : [{ messageId: 'startTogether', output: promiseAll }]),
    ...(early === null ? [] : [{ messageId: 'startEarly', data: { names: '`getConfig()`', each: 'it', ...data }, output: early }]),
  ],
});

const NOTE = '// keeps an early failure for the await below (no unhandled rejection)';

const valid = [
  // ── Optional chains that stay out of groups ─────────────────────────────
  // `.b` throws when `a` is missing: evaluated after a Promise.all it could
  // throw a different error than the original did.
  'async function h(id) { const a = (await getUser(id))?.profile.name; const b = await getOrders(id); return [a, b]; }',
  // A call in the chain runs code of its own.
  'async function h(id) { const a = (await getUser(id))?.toJSON(); const b = await getOrders(id); return [a, b]; }',
  // A computed key reads a value (and could be a getter's trigger); only fixed keys count.
  'async function h(id, key) { const a = (await getUser(id))?.[key]; const b = await getOrders(id); return [a, b]; }',
  // Without `?.` a null result throws where it stands.
  'async function h(id) { const a = (await getUser(id)).name; const b = await getOrders(id); return [a, b]; }',
  // An assignment has no statement of its own to keep the chain in after a Promise.all.
  'async function h(id) { let a; a = (await getUser(id))?.name; const b = await getOrders(id); return [a, b]; }',
];

const invalid = [
  // ── Start early, await late ─────────────────────────────────────────────
  // The example: getConfig() also overlaps getOrders(), which the Promise.all rewrite cannot give.
  {
    code: `async function h(id) {
  const user = await getUser(id);
  const orders = await getOrders(user.id);
  const config = await getConfig();
  return { user, orders, config };
}`,
    errors: [waterfall(`async function h(id) {
  const [user, config] = await Promise.all([getUser(id), getConfig()]);
  const orders = await getOrders(user.id);
  return { user, orders, config };
}`, `async function h(id) {
  const configPromise = (async () => getConfig())();
  configPromise.catch(() => {}); ${NOTE}
  const user = await getUser(id);
  const orders = await getOrders(user.id);
  const config = await configPromise;
  return { user, orders, config };
}`)],
  },
  // Every later member starts early (getB() no longer waits for getA() either);
  // a plain statement between stays where it is; an optional chain keeps its `?.`.
  {
    code: `async function h(id) {
  const a = await getA(id);
  const label = a.name;
  const b = await getB(id);
  const c = await getC(a);
  const n = (await getConfig(id))?.items?.length;
  return [label, b, c, n];
}`,
    errors: [waterfall(`async function h(id) {
  const [a, b, nResult] = await Promise.all([
    getA(id),
    getB(id),
    getConfig(id),
  ]);
  const n = nResult?.items?.length;
  const label = a.name;
  const c = await getC(a);
  return [label, b, c, n];
}`, `async function h(id) {
  const bPromise = (async () => getB(id))();
  bPromise.catch(() => {}); // keeps early failures for the awaits below (no unhandled rejection)
  const nPromise = (async () => getConfig(id))();
  nPromise.catch(() => {});
  const a = await getA(id);
  const label = a.name;
  const b = await bPromise;
  const c = await getC(a);
  const n = (await nPromise)?.items?.length;
  return [label, b, c, n];
}`, { names: '`getB()` and `getConfig()`', each: 'each' })],
  },
  // Assignments to a name and to a property; no semicolons in, none out (the
  // Promise.all line gets its `;` guard after an object literal's `}`);
  // the comment above the first statement stays with it; a multi-line call is re-indented.
  {
    code: `class S {
  async h(id) {
    let user
    const out = {}
    // the user first
    user = await this.users.getUser(id)
    out.orders = await this.orders.getOrders(user.id)
    out.config = await getConfig({
      id,
    })
    return out
  }
}`,
    errors: [waterfall(`class S {
  async h(id) {
    let user
    const out = {}
    // the user first
    ;[user, out.config] = await Promise.all([
      this.users.getUser(id),
      getConfig({
        id,
      }),
    ])
    out.orders = await this.orders.getOrders(user.id)
    return out
  }
}`, `class S {
  async h(id) {
    let user
    const out = {}
    const configPromise = (async () => getConfig({
      id,
    }))()
    configPromise.catch(() => {}) ${NOTE}
    // the user first
    user = await this.users.getUser(id)
    out.orders = await this.orders.getOrders(user.id)
    out.config = await configPromise
    return out
  }
}`)],
    // In TypeScript an assigned target has a declared type (see the TypeScript cases).
    only: 'js',
  },
  // A name already taken (here, in a nested function) gets a number; code on one line stays on one line, without the note.
  {
    code: 'async function h(id) { const user = await getUser(id); const orders = await getOrders(user); const config = await getConfig(); return [orders, config, () => { const configPromise = 1; return configPromise; }]; }',
    errors: [waterfall(
      'async function h(id) { const [user, config] = await Promise.all([getUser(id), getConfig()]); const orders = await getOrders(user); return [orders, config, () => { const configPromise = 1; return configPromise; }]; }',
      'async function h(id) { const configPromise2 = (async () => getConfig())(); configPromise2.catch(() => {}); const user = await getUser(id); const orders = await getOrders(user); const config = await configPromise2; return [orders, config, () => { const configPromise = 1; return configPromise; }]; }',
    )],
  },
  // A destructuring pattern holds several values: the promise is named after the call, without its verb.
  {
    code: 'async function h(id) { const user = await getUser(id); const orders = await getOrders(user); const { locale, status } = await dims.getLocaleAndStatus(id); return [orders, locale, status]; }',
    errors: [waterfall(
      'async function h(id) { const [user, { locale, status }] = await Promise.all([getUser(id), dims.getLocaleAndStatus(id)]); const orders = await getOrders(user); return [orders, locale, status]; }',
      'async function h(id) { const localeAndStatusPromise = (async () => dims.getLocaleAndStatus(id))(); localeAndStatusPromise.catch(() => {}); const user = await getUser(id); const orders = await getOrders(user); const { locale, status } = await localeAndStatusPromise; return [orders, locale, status]; }',
      { names: '`getLocaleAndStatus()`' },
    )],
  },
  // Mixed `const`/`let` cannot merge into one Promise.all; starting early needs no merge, so it is the one suggestion.
  {
    code: 'async function h(id) { const user = await getUser(id); const orders = await getOrders(user); let config = await getConfig(); return [orders, config]; }',
    errors: [waterfall(null,
      'async function h(id) { const configPromise = (async () => getConfig())(); configPromise.catch(() => {}); const user = await getUser(id); const orders = await getOrders(user); let config = await configPromise; return [orders, config]; }',
    )],
  },
  // `fix: true` applies the Promise.all rewrite only; starting early stays a suggestion.
  {
    code: 'async function h(id) { const user = await getUser(id); const orders = await getOrders(user); const config = await getConfig(); return [orders, config]; }',
    options: [{ fix: true }],
    output: 'async function h(id) { const [user, config] = await Promise.all([getUser(id), getConfig()]); const orders = await getOrders(user); return [orders, config]; }',
    errors: [waterfall(
      'async function h(id) { const [user, config] = await Promise.all([getUser(id), getConfig()]); const orders = await getOrders(user); return [orders, config]; }',
      'async function h(id) { const configPromise = (async () => getConfig())(); configPromise.catch(() => {}); const user = await getUser(id); const orders = await getOrders(user); const config = await configPromise; return [orders, config]; }',
    )],
  },
  // … and when there is no Promise.all rewrite, `fix: true` fixes nothing.
  {
    code: 'async function h(id) { const user = await getUser(id); const orders = await getOrders(user); let config = await getConfig(); return [orders, config]; }',
    options: [{ fix: true }],
    output: null,
    errors: [waterfall(null,
      'async function h(id) { const configPromise = (async () => getConfig())(); configPromise.catch(() => {}); const user = await getUser(id); const orders = await getOrders(user); let config = await configPromise; return [orders, config]; }',
    )],
  },

  // ── Reported, but starting early would gain nothing or is not safe ─────
  // Adjacent members: Promise.all overlaps them all already.
  {
    code: 'async function h(id) { const user = await getUser(id); const config = await getConfig(); return [user, config]; }',
    errors: [waterfall('async function h(id) { const [user, config] = await Promise.all([getUser(id), getConfig()]); return [user, config]; }', null)],
  },
  // Only a plain statement between: nothing else waits, Promise.all gains as much.
  {
    code: 'async function h(id) { const user = await getUser(id); const name = user.name; const config = await getConfig(); return [name, config]; }',
    errors: [waterfall('async function h(id) { const [user, config] = await Promise.all([getUser(id), getConfig()]); const name = user.name; return [name, config]; }', null)],
  },
  // The late member's body shows no I/O: starting it early gains nothing.
  {
    code: `async function tidy(id) { return String(id).trim(); }
async function h(id) { const user = await getUser(id); const orders = await getOrders(user); const clean = await tidy(id); const config = await getConfig(); return [orders, clean, config]; }`,
    errors: [waterfall(`async function tidy(id) { return String(id).trim(); }
async function h(id) { const [user, clean, config] = await Promise.all([getUser(id), tidy(id), getConfig()]); const orders = await getOrders(user); return [orders, clean, config]; }`,
    `async function tidy(id) { return String(id).trim(); }
async function h(id) { const configPromise = (async () => getConfig())(); configPromise.catch(() => {}); const user = await getUser(id); const orders = await getOrders(user); const clean = await tidy(id); const config = await configPromise; return [orders, clean, config]; }`)],
  },
  // An assignment to a computed key: `key(id)` runs before the call in the original, so the call stays.
  // (JavaScript: in TypeScript the property's type could steer getConfig()'s inference, see below.)
  {
    filename: 'file.js',
    code: 'async function h(id, cache) { const user = await getUser(id); const orders = await getOrders(user); cache[key(id)] = await getConfig(); return orders; }',
    errors: [waterfall(null, null)],
  },

  // ── TypeScript ──────────────────────────────────────────────────────────
  // Untyped and `as`-asserted members start early; their statements keep every type.
  {
    code: `async function h(id: string) {
  const user = await api.getUser(id);
  const orders = await api.getOrders(user.id);
  const config = (await getConfig()) as Config;
  return [orders, config] as const;
}`,
    only: 'ts',
    errors: [waterfall(`async function h(id: string) {
  const [user, configResult] = await Promise.all([
    api.getUser(id),
    getConfig(),
  ]);
  const config = configResult as Config;
  const orders = await api.getOrders(user.id);
  return [orders, config] as const;
}`, `async function h(id: string) {
  const configPromise = (async () => getConfig())();
  configPromise.catch(() => {}); ${NOTE}
  const user = await api.getUser(id);
  const orders = await api.getOrders(user.id);
  const config = (await configPromise) as Config;
  return [orders, config] as const;
}`)],
  },
  // An annotated member whose call names its type arguments starts early.
  {
    code: 'async function h(id: string) { const user = await api.getUser(id); const orders = await api.getOrders(user.id); const config: Config = await http.get<Config>("/config"); return [orders, config] as const; }',
    only: 'ts',
    errors: [waterfall(
      'async function h(id: string) { const [user, configResult] = await Promise.all([api.getUser(id), http.get<Config>("/config")]); const config: Config = configResult; const orders = await api.getOrders(user.id); return [orders, config] as const; }',
      'async function h(id: string) { const configPromise = (async () => http.get<Config>("/config"))(); configPromise.catch(() => {}); const user = await api.getUser(id); const orders = await api.getOrders(user.id); const config: Config = await configPromise; return [orders, config] as const; }',
      { names: '`get()`' },
    )],
  },
  // An annotated member without type arguments keeps its place: its declared
  // type may be what infers a generic call's type (`http.get<T>()`).
  {
    code: 'async function h(id: string) { const user = await api.getUser(id); const orders = await api.getOrders(user.id); const config: Config = await getConfig(); return [orders, config] as const; }',
    only: 'ts',
    errors: [waterfall('async function h(id: string) { const [user, configResult] = await Promise.all([api.getUser(id), getConfig() satisfies Config | PromiseLike<Config>]); const config: Config = configResult; const orders = await api.getOrders(user.id); return [orders, config] as const; }', null)],
  },
  // The same for `satisfies`, and for an assignment (its target has a declared type).
  {
    code: 'async function h(id: string) { const user = await api.getUser(id); const orders = await api.getOrders(user.id); const config = (await getConfig()) satisfies Config; return [orders, config] as const; }',
    only: 'ts',
    errors: [waterfall('async function h(id: string) { const [user, configResult] = await Promise.all([api.getUser(id), getConfig() satisfies Config | PromiseLike<Config>]); const config = configResult satisfies Config; const orders = await api.getOrders(user.id); return [orders, config] as const; }', null)],
  },
  {
    // The field's type may be what infers getConfig()'s type arguments and cannot be written into
    // a rewrite: no suggestion, and the message says why.
    code: 'class S { config!: Config; async h(id: string) { const user = await api.getUser(id); const orders = await api.getOrders(user.id); this.config = await getConfig(); return orders; } }',
    only: 'ts',
    errors: [{ ...waterfall(null, null), messageId: 'waterfallUntyped' }],
  },

  // ── Optional chains on the awaited value ────────────────────────────────
  // The example: each member keeps its chain in its own statement, fed from a named result.
  {
    code: `async function h(api, id) {
  const name = (await api.getUser(id))?.name;
  const n = (await api.getOrders(id))?.length;
  return [name, n];
}`,
    errors: [waterfall(`async function h(api, id) {
  const [nameResult, nResult] = await Promise.all([
    api.getUser(id),
    api.getOrders(id),
  ]);
  const name = nameResult?.name;
  const n = nResult?.length;
  return [name, n];
}`, null)],
  },
  // Chains of several optional accesses, a literal key, and a plain member in one group.
  {
    code: 'async function h(id) { const city = (await getUser(id))?.address?.city; const first = (await getOrders(id))?.[0]; const config = await getConfig(); return [city, first, config]; }',
    errors: [waterfall('async function h(id) { const [cityResult, firstResult, config] = await Promise.all([getUser(id), getOrders(id), getConfig()]); const city = cityResult?.address?.city; const first = firstResult?.[0]; return [city, first, config]; }', null)],
  },
  // TypeScript: an annotation on a chained member stays exactly as written.
  {
    code: 'async function h(id: string) { const name: string | undefined = (await api.findUser(id))?.name; const count = (await api.getOrders(id))?.length; return [name, count] as const; }',
    only: 'ts',
    errors: [waterfall('async function h(id: string) { const [nameResult, countResult] = await Promise.all([api.findUser(id), api.getOrders(id)]); const name: string | undefined = nameResult?.name; const count = countResult?.length; return [name, count] as const; }', null)],
  },
];

describe('unblock/no-await-waterfall: start early, await late; optional chains', () => {
  runRuleTests('no-await-waterfall', rule, { valid, invalid });
});
