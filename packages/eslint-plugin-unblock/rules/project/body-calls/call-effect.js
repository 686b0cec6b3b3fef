/**
 * The value an evidence source gives for one call, and the shape of a
 * source. Each file in this folder is one source (SQL text, an HTTP client,
 * a Node.js module, JavaScript's built-ins); index.js lists them in the order
 * they are asked.
 */

/**
 * @typedef {object} CallEffect
 * @property {'read' | 'write' | 'none'} kind
 * @property {boolean} io         it waits on something outside the process
 * @property {string[]} reads     resources read: `sql:<table>`, `http`, `fs`
 * @property {string[]} writes
 * @property {string} [evidence]  what showed it, for messages and docs
 * @property {boolean} [message]  a message handed to another thread, which waits for nothing (thread-messages.js)
 * @property {LocalKind} [returns]  what its value is, when it is an object nobody else holds (see LocalKind)
 *
 * @typedef {'value' | 'response' | 'copy' | 'crypto' | 'result'} LocalKind  what a name declared inside a function holds:
 *   `value` a value made right there (`[]`, `{}`, `new Map()`, a string, a parameter typed or defaulted as a primitive), whole and in its parts;
 *   `result` what an awaited call answered there (`const [rows, count] = await Promise.all(…)`): data handed to this function, whose arrays it may reorder and extend;
 *   `response` what `fetch()` returned there;
 *   `copy` a new array or object a call made there (`s.split(',')`, `list.filter(…)`): itself fresh, its elements not;
 *   `crypto` a hash, hmac, cipher or decipher made there, whose own methods only compute on it
 *
 * @typedef {object} CallSite  one call inside a function body, as the sources see it
 * @property {any} call             CallExpression, NewExpression or TaggedTemplateExpression
 * @property {any} callee           the callee unwrapped (the tag of a tagged template)
 * @property {any} root             the identifier or `this` the callee chain starts at
 * @property {import('../modules/module-view.js').Binding | undefined} imported  the module binding of the root's name, when nothing inside shadows it
 * @property {string | undefined} source  the import specifier the root comes from, without `node:`
 * @property {import('../modules/callee-lookup.js').CallContext} context
 * @property {(name: string) => LocalKind | undefined} localKind what a name declared inside the function holds
 * @property {() => 'name' | 'computed' | null} chainBase  what a method is called on (see call-evidence.js)
 *
 * @typedef {object} EvidenceSource
 * @property {string} name
 * @property {boolean} [taggedTemplates]  also asked about tagged templates (only SQL text reads them)
 * @property {(site: CallSite) => CallEffect | null} evidenceOf  null: this source has nothing to say
 */

/** @type {CallEffect} */
export const PURE = Object.freeze({ kind: 'none', io: false, reads: [], writes: [] });
/** @type {CallEffect} */
export const WAIT = Object.freeze({ kind: 'none', io: true, reads: [], writes: [] });

/**
 * The package a specifier names (`fs` for `fs/promises`).
 * @param {string} source
 */
export function packageOf(source) {
  return source.split('/')[0];
}
