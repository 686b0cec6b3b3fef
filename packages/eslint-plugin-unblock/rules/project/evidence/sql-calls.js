/**
 * SQL text handed to a call: a tagged template, or a string, template or
 * `{ text }`/`{ sql }` object as the first argument, or a constant holding
 * one. The statement decides read or write and names the tables.
 */
import { unwrap } from '../../language/syntax/ast.js';
import { valueOfExpression } from '../modules/callee-lookup.js';
import { sqlFacts, sqlTextOf } from '../../effects/sql-text.js';

/**
 * @typedef {import('../../language/syntax/ast.js').CallNode} CallNode
 */

/** @type {import('../body-calls/call-effect.js').EvidenceSource} */
export default {
  name: 'sql-text',
  taggedTemplates: true,
  evidenceOf({ call, context }) {
    const text = call.type === 'TaggedTemplateExpression' ? sqlTextOf(call) : textOfFirstArgument(call, context);
    const facts = text === null ? null : sqlFacts(text);
    if (text === null || !facts) return null;
    const resources = facts.tables.length > 0 ? facts.tables.map((table) => `sql:${table}`) : ['sql:*'];
    return {
      kind: facts.kind,
      io: true,
      reads: facts.kind === 'read' ? resources : [],
      writes: facts.kind === 'write' ? resources : [],
      evidence: text.trim().replace(/\s+/g, ' ').slice(0, 60),
    };
  },
};

/**
 * @param {CallNode} call
 * @param {import('../modules/callee-lookup.js').CallContext} context
 * @returns {string | null}
 */
function textOfFirstArgument(call, context) {
  const first = unwrap(call.arguments?.[0]);
  let text = sqlTextOf(first);
  if (text === null && first?.type === 'ObjectExpression') {
    const property = first.properties.find((/** @type {any} */ p) => p.type === 'Property' && ['text', 'sql'].includes(p.key?.name));
    text = sqlTextOf(property && unwrap(property.value));
  }
  if (text === null && first?.type === 'Identifier') {
    const value = valueOfExpression(first, context);
    text = value?.type === 'string' ? value.text : null;
  }
  return text;
}
