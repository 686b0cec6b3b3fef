/**
 * The awaits of a file as the waterfall analysis sees them, for tools that watch the code run
 * (`unblock-bench observe`): where each await is, which function it runs in, and, for two awaits
 * of one function, whether the later one may start together with the earlier one — asked with
 * the rule's own facts and ordering test (statement-facts.js, waterfall-groups.js,
 * independence.js), so an observer calls independent exactly what the rule would, and says why
 * not otherwise.
 *
 * Some reasons are only the analysis not knowing what a call does: two calls on one receiver
 * whose names and bodies say nothing (`db[method](id)`, `api.call('user', id)`) stay in order
 * because either might write. Such a pair is `soft`: no binding flows between them and neither is
 * a known write, a barrier or a call on one connection. A runtime observer that sees such awaits
 * wait one after another may show them to a person, as something the rules could not decide.
 */
import { walk, enclosingFunction } from '../language/syntax/ast.js';
import { isInOrderedScope } from '../effects/ordered-scopes.js';
import { inDynamicScope } from '../rewrite/dynamic-scope.js';
import { analysisOptionDefaults } from '../rule-shell/analysis-options.js';
import { createStatementFacts } from './statement-facts.js';
import { movingReason } from './waterfall-groups.js';
import { orderingReason } from './independence.js';
import { countSuspensions } from './operations.js';
import { statementListOf, statementsOf } from './waterfall-places.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */

/**
 * @typedef {object} AwaitSite
 * @property {[number, number]} range the AwaitExpression's source range
 * @property {number} line 1-based
 * @property {number} column 0-based
 * @property {number} endLine
 * @property {number} endColumn
 * @property {[number, number]} functionRange the range of the function (or the Program) it runs in
 * @property {boolean} barrier its result is dropped, it is a guard or a pause, or its operand holds another await: it starts nothing together with others
 *
 * @typedef {object} Ordering
 * @property {string | null} reason why the later await must wait for the earlier; null when it need not
 * @property {boolean} soft the reason is only that what the calls do is unknown (see the file comment)
 *
 * @typedef {object} AwaitSites
 * @property {AwaitSite[]} sites every await of the file, in source order
 * @property {(earlier: number, later: number) => Ordering} ordering for two sites (indexes into `sites`, in source order)
 */

/**
 * @param {import('eslint').SourceCode} sourceCode a linted file's source code (its nodes have parents)
 * @param {string} filename
 * @param {Record<string, unknown>} [options] the rule's analysis options (ordered callees, verbs)
 * @returns {AwaitSites}
 */
export function describeAwaitSites(sourceCode, filename, options = {}) {
  const facts = createStatementFacts(sourceCode, filename, /** @type {any} */ ({ ...analysisOptionDefaults, ...options }));
  /** @type {any[]} */
  const nodes = [];
  walk(sourceCode.ast, sourceCode.visitorKeys, (node) => {
    if (node.type === 'AwaitExpression') nodes.push(node);
  });
  nodes.sort((a, b) => a.range[0] - b.range[0]);
  const places = nodes.map((node) => placeOf(node, facts, sourceCode));
  const sites = nodes.map((node, i) => {
    const fn = enclosingFunction(node);
    return {
      range: /** @type {[number, number]} */ ([node.range[0], node.range[1]]),
      line: node.loc.start.line,
      column: node.loc.start.column,
      endLine: node.loc.end.line,
      endColumn: node.loc.end.column,
      functionRange: /** @type {[number, number]} */ ([fn.range[0], fn.range[1]]),
      barrier: places[i].barrier,
    };
  });
  /** @type {Map<string, Ordering>} */
  const answers = new Map();
  return {
    sites,
    ordering(earlier, later) {
      const key = `${earlier},${later}`;
      let answer = answers.get(key);
      if (!answer) {
        answer = orderingOf(nodes, places, earlier, later, facts, sourceCode);
        answers.set(key, answer);
      }
      return answer;
    },
  };
}

/**
 * @typedef {{ kind: 'statement', statements: any[], index: number, op: any, barrier: false }
 *   | { kind: 'expression', statement: any, op: any, barrier: boolean }
 *   | { kind: 'barrier', barrier: true }} Place
 */

/**
 * Where an await stands for the analysis: a statement's whole value in a statement list (as the
 * rule groups them), an operation inside a larger expression, or a barrier.
 * @param {any} node
 * @param {ReturnType<typeof createStatementFacts>} facts
 * @param {import('eslint').SourceCode} sourceCode
 * @returns {Place}
 */
function placeOf(node, facts, sourceCode) {
  if (countSuspensions(node.argument, sourceCode.visitorKeys) > 0) return { kind: 'barrier', barrier: true };
  const list = statementListOf(node);
  if (list) {
    let statement = node;
    while (statement.parent !== list) statement = statement.parent;
    const op = facts.candidateOf(statement);
    // A statement list holds it, but not as a kept result (`await sleep(10);`): a step, a barrier.
    if (!op || op.awaitNode !== node || op.cls.barrier) return { kind: 'barrier', barrier: true };
    const statements = statementsOf(list);
    return { kind: 'statement', statements, index: statements.indexOf(statement), op, barrier: false };
  }
  const op = facts.expressionOperation(node);
  let statement = node;
  while (statement.parent && !/Statement$|Declaration$/.test(statement.type)) statement = statement.parent;
  return { kind: 'expression', statement, op, barrier: op.cls.barrier };
}

/**
 * @param {any[]} nodes
 * @param {Place[]} places
 * @param {number} i the earlier site
 * @param {number} j the later site
 * @param {ReturnType<typeof createStatementFacts>} facts
 * @param {import('eslint').SourceCode} sourceCode
 * @returns {Ordering}
 */
function orderingOf(nodes, places, i, j, facts, sourceCode) {
  const a = places[i];
  const b = places[j];
  if (i >= j || enclosingFunction(nodes[i]) !== enclosingFunction(nodes[j])) return firm('not one invocation');
  if (a.kind === 'barrier' || b.kind === 'barrier' || a.barrier || b.barrier) return firm('barrier');
  if (isInOrderedScope(nodes[j], sourceCode.visitorKeys) || inDynamicScope(sourceCode, nodes[j])) return firm('ordered scope');
  if (a.kind === 'statement' && b.kind === 'statement' && a.statements === b.statements) {
    const found = movingReason(a.statements, a.index, b.index, b.op, facts);
    return found === null ? { reason: null, soft: false } : { reason: found.reason, soft: isSoft(found.reason, found.earlier, b.op) };
  }
  if (a.kind === 'expression' && b.kind === 'expression' && a.statement === b.statement) {
    const reason = orderingReason(a.op, b.op);
    return { reason, soft: reason !== null && isSoft(reason, a.op, b.op) };
  }
  return firm('control flow');
}

/** @param {string} reason */
const firm = (reason) => ({ reason, soft: false });

/**
 * Kept in order only because both calls act on one receiver and neither's kind is known.
 * @param {string} reason
 * @param {any} earlier
 * @param {any} later
 */
function isSoft(reason, earlier, later) {
  if (reason !== 'same receiver' || !earlier) return false;
  const known = (/** @type {any} */ op) => op.cls.kind === 'write' || op.cls.barrier || op.cls.receiver?.connection;
  return !known(earlier) && !known(later);
}
