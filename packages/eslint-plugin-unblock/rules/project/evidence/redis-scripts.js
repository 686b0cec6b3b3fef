/**
 * A Redis script (`redis.eval(script, …)`, `evalsha`, a function's `fcall`)
 * can run any command, writes included: it is taken for a write unless it
 * is shown to be read-only, by the read-only command (`eval_ro`,
 * `evalsha_ro`, `fcall_ro`, which Redis refuses to run a write in) or by a
 * script that declares `#!lua flags=no-writes`.
 */
import { unwrap, propertyName } from '../../language/syntax/ast.js';
import { valueOfExpression } from '../modules/callee-lookup.js';
import { sqlTextOf } from '../../effects/sql-text.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 */

const SCRIPT_METHODS = /^(?:eval|evalsha|fcall)(?:_ro|Ro)?$/i;

/** @type {import('../body-calls/call-effect.js').EvidenceSource} */
export default {
  name: 'redis-scripts',
  evidenceOf({ call, callee, context }) {
    if (callee.type !== 'MemberExpression' || call.arguments.length === 0) return null;
    const name = propertyName(callee);
    if (name === null || !SCRIPT_METHODS.test(name)) return null;
    const readOnly = /ro$/i.test(name) || declaresNoWrites(call.arguments[0], context);
    return readOnly
      ? { kind: 'read', io: true, reads: ['redis'], writes: [], evidence: `redis ${name}` }
      : { kind: 'write', io: true, reads: [], writes: ['redis'], evidence: `redis ${name}` };
  },
};

/**
 * The script text starts with a shebang line holding the `no-writes` flag.
 * @param {Node} argument
 * @param {import('../modules/callee-lookup.js').CallContext} context
 */
function declaresNoWrites(argument, context) {
  const node = unwrap(argument);
  let text = sqlTextOf(node);
  if (text === null && node?.type === 'Identifier') {
    const value = valueOfExpression(node, context);
    text = value?.type === 'string' ? value.text : null;
  }
  const shebang = text?.trimStart().split('\n', 1)[0] ?? '';
  return shebang.startsWith('#!') && /\bflags=(?:[\w-]+,)*no-writes\b/.test(shebang);
}
