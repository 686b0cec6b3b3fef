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
import { needsContextType } from './context-types.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
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
 * @param {{ sourceCode: import('eslint').SourceCode, typescript: boolean }} file the file, and whether it is TypeScript (declared types steer inference)
 * @returns {Candidate[] | null}
 */
export function earlyStartMembers(statements, members, facts, file) {
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
    if (!mayStartEarly(member, file)) continue;
    started.push(member);
    if (awaitedBetween) gains = true;
  }
  return gains ? started : null;
}

/**
 * @param {Candidate} member
 * @param {{ sourceCode: import('eslint').SourceCode, typescript: boolean }} file
 */
function mayStartEarly(member, { sourceCode, typescript }) {
  // A helper whose body shows no I/O gains nothing from starting early.
  if (member.cls.io === false) return false;
  // A call whose type arguments come from the declared type (context-types.js) keeps its place:
  // started on its own line it would infer `unknown`. An `as`/`<T>` needs no care: asserting
  // `unknown` to the same type compiles and gives the same type.
  if (needsContextType(sourceCode, member, typescript)) return false;
  // `a[key()] = await f()` evaluates `key()` before `f()`: keep that order.
  if (member.form === 'assignment' && !isPlainTarget(member.target)) return false;
  return true;
}

/**
 * A name or a chain of fixed properties on a name or `this` (`x`, `this.cache.user`):
 * evaluating it runs nothing, so the call may start before it.
 * @param {Node} target
 */
function isPlainTarget(target) {
  let node = target;
  while (node.type === 'MemberExpression' && (!node.computed || node.property.type === 'Literal')) node = node.object;
  return node.type === 'Identifier' || node.type === 'ThisExpression';
}
