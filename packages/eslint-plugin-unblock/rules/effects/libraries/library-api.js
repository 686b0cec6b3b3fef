/**
 * A library's API as the rules need it: which of its methods read, which write, and what a value
 * made from it is — a pool (calls on it may overlap), one connection (its calls run one at a time:
 * a transaction's handle, a pg `Client`) or one multiplexed connection (Redis clients pipeline
 * concurrent commands, so overlapping them pays). A call is known by the package its receiver
 * comes from, never by whether its name is an English verb: `redis.hgetall()` reads, Mongoose's
 * `findOneAndUpdate()` writes, Prisma's `groupBy()` reads.
 *
 * Each table is one file in this folder; index.js lists them.
 */

/**
 * @typedef {'pool' | 'one' | 'multiplexed'} Handle  what a value made from the package is:
 *   `pool` calls on it may run together; `one` a single connection or transaction, its calls run in
 *   order; `multiplexed` one connection that pipelines concurrent commands
 *
 * @typedef {object} LibraryApi
 * @property {string} name  how messages and proofs name it (`Prisma`)
 * @property {string[]} packages  the npm packages it is imported from
 * @property {Handle} handle  what its module, its instances and its models are, unless a row below says otherwise
 * @property {string[]} reads  methods that only read (lower case)
 * @property {string[]} writes  methods that change state (lower case); one in a chain makes the chain a write
 * @property {string[]} [modifiers]  methods that only shape a query (`where`, `sort`, `lean`): neutral in a chain
 * @property {string[]} [transactions]  methods whose callback's first parameter is one transaction's handle
 * @property {Record<string, Handle>} [made]  methods or constructors whose result is not `handle` (`connect` → `one`)
 * @property {Record<string, Handle>} [types]  type names (as imported, `Prisma.TransactionClient`) and what a value of that type is
 * @property {boolean} [rootCalls]  the module's value is itself called to start a chain (`knex('users')`, `got(url)`)
 * @property {(call: any) => 'read' | 'write' | null} [kindOfRootCall]  what calling the module's value itself does (`got(url, { method })`)
 *
 * @typedef {object} LibraryTable  a LibraryApi with its method lists as sets
 * @property {LibraryApi} api
 * @property {Set<string>} reads
 * @property {Set<string>} writes
 * @property {Set<string>} modifiers
 * @property {Set<string>} transactions
 *
 * @typedef {object} LibraryValue  what a receiver was found to be
 * @property {LibraryTable} table
 * @property {Handle} handle
 */

/**
 * What a call or `new` on a library value makes: `new Client()` one connection, `pool.connect()`
 * one connection, `createClient()` the package's usual value.
 * @param {LibraryValue} base  the value the callee is
 * @param {string | null} name  the called function's or method's name
 * @returns {LibraryValue}
 */
export function madeBy(base, name) {
  const made = name ? base.table.api.made?.[name] : undefined;
  return { table: base.table, handle: made ?? base.handle };
}

/**
 * @param {LibraryApi} api
 * @returns {LibraryTable}
 */
export function libraryTable(api) {
  const lower = (/** @type {string[] | undefined} */ names) => new Set((names ?? []).map((name) => name.toLowerCase()));
  return { api, reads: lower(api.reads), writes: lower(api.writes), modifiers: lower(api.modifiers), transactions: lower(api.transactions) };
}

/**
 * What a chain of calls on a library value does: one writing method makes it a write; it reads when
 * every method reads or only shapes the query (`db.collection('users').find().sort()`), and a
 * chain that only shapes one (`repo.createQueryBuilder('u')`) sends nothing and writes nothing, so
 * it counts as a read too; null when a method is not in the table (the call's names decide then).
 * @param {LibraryTable} table
 * @param {string[]} methods  the methods called, from the receiver outwards (`find`, `sort`, `lean`)
 * @returns {'read' | 'write' | null}
 */
export function kindOfMethods(table, methods) {
  if (methods.length === 0) return null;
  const lower = methods.map((method) => method.toLowerCase());
  if (lower.some((method) => table.writes.has(method))) return 'write';
  return lower.every((method) => table.reads.has(method) || table.modifiers.has(method)) ? 'read' : null;
}
