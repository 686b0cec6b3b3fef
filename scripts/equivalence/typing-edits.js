/**
 * Edits like the ones a text goes through while someone types in an editor: a few characters
 * deleted, a character or a word typed, a line copied elsewhere, the text cut short. Seeded, so a
 * difference found once can be found again.
 */

/** What gets typed: punctuation, keywords and modifiers TypeScript gives rules about, JSX. */
const TYPED = ['{', '}', '(', ')', '[', ']', ';', ',', ':', '=', '<', '>', '.', '!', '?', '@', "'", '"', '`', '/', '*', '#', '&', '|', '+', '-', '\n',
  'async ', 'await ', 'declare ', 'abstract ', 'static ', 'public ', 'private ', 'protected ', 'readonly ', 'override ', 'accessor ', 'export ', 'default ',
  'yield ', 'get ', 'set ', 'const ', 'let ', 'var ', 'using ', 'type ', 'interface ', 'function ', 'class ', 'new ', 'in ', 'of ', 'as ', 'satisfies ', 'enum ',
  'namespace ', 'module ', 'import ', 'extends ', 'implements ', 'keyof ', 'infer ', '...', '=>', '?.', '??', '${', '<div>', '</div>', '<>', '{/*', '*/}', 'x', '1'];

/**
 * @param {number} seed
 * @returns {(n: number) => number} a whole number in [0, n)
 */
export function seededRandom(seed) {
  let state = seed >>> 0 || 1;
  return (n) => {
    // xorshift32
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state % n;
  };
}

/**
 * @param {string} text
 * @param {(n: number) => number} random
 */
export function mutate(text, random) {
  const at = random(text.length + 1);
  switch (random(5)) {
    case 0:
      return text.slice(0, at) + text.slice(at + 1 + random(3));
    case 1:
    case 2:
      return text.slice(0, at) + TYPED[random(TYPED.length)] + text.slice(at);
    case 3:
      return text.slice(0, at);
    default: {
      const lines = text.split('\n');
      lines.splice(random(lines.length), 0, lines[random(lines.length)]);
      return lines.join('\n');
    }
  }
}
