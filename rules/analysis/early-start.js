/**
 * "Start early, await late": which members of a waterfall group gain from
 * starting at the group's first statement and being awaited where they are,
 * instead of joining one Promise.all there.
 *
 *   const user = await getUser(id);            const config = start getConfig() here
 *   const orders = await getOrders(user.id);   …
 *   const config = await getConfig();          await config's promise here
 *
 * The Promise.all rewrite lets `getConfig()` overlap `getUser()` only;
 * started early it also overlaps `getOrders()`, the await between that is
 * not a member (it depends on a member). Without such an await between, the
 * Promise.all rewrite gains as much, so nothing is offered.
 *
 * Safety comes from the group analysis (waterfall-groups.js): a member is a
 * member only when it may start at the first member's position, past every
 * statement in between. The awaits stay in source order, so the first error
 * in source order is still the one thrown.
 */
/**
 * @typedef {import('./waterfall-groups.js').Candidate} Candidate
 * @typedef {import('./waterfall-groups.js').StatementFacts} StatementFacts
 */

/**
 * The members to start early, in source order, or null when starting them
 * early gains nothing over the Promise.all rewrite.
 * @param {any[]} statements the statement list the group was found in
 * @param {Candidate[]} members the group, in source order
 * @param {StatementFacts} facts
 * @param {boolean} typescript the file is TypeScript (an assignment target has a declared type)
 * @returns {Candidate[] | null}
 */
export function earlyStartMembers(statements, members, facts, typescript) {
  const memberStatements = new Set(members.map((member) => member.statement));
  const first = statements.indexOf(members[0].statement);
  const last = statements.indexOf(members[members.length - 1].statement);
  /** @type {Candidate[]} */
  const started = [];
  let awaitedBetween = false;
  let gains = false;
  for (let k = first + 1; k <= last; k++) {
    const statement = statements[k];
    if (!memberStatements.has(statement)) {
      // Inside a group's span, the only statements that await are candidates left out of it.
      if (facts.candidateOf(statement)) awaitedBetween = true;
      continue;
    }
    const member = /** @type {Candidate} */ (facts.candidateOf(statement));
    if (!mayStartEarly(member, typescript)) continue;
    started.push(member);
    if (awaitedBetween) gains = true;
  }
  return gains ? started : null;
}

/**
 * @param {Candidate} member
 * @param {boolean} typescript
 */
function mayStartEarly(member, typescript) {
  // A helper whose body shows no I/O gains nothing from starting early.
  if (member.cls.io === false) return false;
  if (typedByContext(member, typescript)) return false;
  // `a[key()] = await f()` evaluates `key()` before `f()`: keep that order.
  if (member.form === 'assignment' && !isPlainTarget(member.target)) return false;
  return true;
}

/**
 * TypeScript infers a generic call's type arguments from the type its
 * `await` is expected to have (`const c: Config = await http.get('/c')` makes
 * `T` Config). A call started on its own line has no expected type (`T`
 * becomes unknown), so such a member keeps its place unless the call names
 * its type arguments. An `as`/`<T>` assertion needs no care: asserting
 * `unknown` to the same type compiles and gives the same type.
 * @param {Candidate} member
 * @param {boolean} typescript
 */
function typedByContext(member, typescript) {
  const call = member.operand;
  if (call.typeArguments ?? call.typeParameters) return false;
  if (member.form === 'assignment') return typescript;
  if (member.target.typeAnnotation) return true;
  for (let node = member.awaitNode.parent; node && node !== member.statement; node = node.parent) {
    if (node.type === 'TSSatisfiesExpression') return true;
  }
  return false;
}

/**
 * A name or a chain of fixed properties on a name or `this` (`x`, `this.cache.user`):
 * evaluating it runs nothing, so the call may start before it.
 * @param {any} target
 */
function isPlainTarget(target) {
  let node = target;
  while (node.type === 'MemberExpression' && (!node.computed || node.property.type === 'Literal')) node = node.object;
  return node.type === 'Identifier' || node.type === 'ThisExpression';
}
