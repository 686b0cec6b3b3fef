/** The harness cannot isolate a function; the message is one sentence a user can act on. */
export class HarnessRefusal extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'HarnessRefusal';
  }
}

/**
 * @param {import('@babel/types').Node} node
 * @returns {string}
 */
export function lineOf(node) {
  return node.loc ? `line ${node.loc.start.line}` : 'an unknown line';
}
