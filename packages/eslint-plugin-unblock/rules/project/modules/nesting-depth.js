/**
 * Whether a text is shallow enough to hand to oxc-parser. oxc-parser parses and serializes by
 * recursion on the native stack, and overflowing it is a SIGSEGV that takes the whole process
 * (the lint, or in the editor every extension of the host) with it, no exception to catch. Measured
 * with oxc-parser 0.154 on Node 22: on the main thread it dies at about 2,100 nested callbacks
 * (`f(function(){` …), 5,800 nested arrays or parentheses, 5,200 nested template substitutions,
 * 6,000 nested TypeScript generics, 10,000 chained arrows, 13,000 chained ternaries, 17,000 chained
 * assignments, 26,000 chained `if`s and 72,000 chained unary or binary operators; in a worker thread
 * (the editor's lint, the import map's helper) at about half of each.
 *
 * One linear pass estimates the parser's depth without parsing: every open bracket counts 1, and
 * every token that makes the parser go one level deeper until its statement ends counts a part
 * (`<`, which opens type arguments and JSX: 1; a keyword that takes a statement or an operand, `=`,
 * `=>`, `?`, `**`: 1/2; a label's `:`: 1/2 until the next comma; any other operator: 1/16), until
 * the statement ends (`;` not followed by `else`, or a line break between a complete expression
 * and a word, as automatic semicolon insertion ends it).
 * Strings, template text, comments and regular expressions are skipped. The weights put every
 * construct above at less than half its worker-thread limit when the estimate reaches the bound,
 * while hand-written code stays far below it (a deep callback pyramid is some 30 levels).
 * Where the pass cannot tell (a `/` after `}`, JSX text), it leans to the larger estimate.
 */

/** The estimated depth past which a text is not parsed. */
export const MAX_NESTING = 1000;

const CHAIN = 1 / 2;
const OPERATOR = 1 / 16;
/** Words after which an operand follows: a `/` there starts a regular expression, and a line break does not end the statement. */
const BEFORE_OPERAND = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'await', 'yield', 'extends', 'export', 'default', 'if', 'while', 'for', 'with', 'switch', 'catch', 'const', 'let', 'var', 'as', 'satisfies', 'keyof']);
/** Words that take a statement or an operand and so nest one level: counted as CHAIN. */
const NESTING_WORDS = new Set(['if', 'else', 'while', 'for', 'with', 'do', 'new', 'await', 'yield', 'typeof', 'void', 'delete', 'keyof']);
/** Words that continue the expression on the line before: a line break before them ends nothing. */
const CONTINUING = new Set(['in', 'instanceof', 'of', 'as', 'satisfies', 'else', 'catch', 'finally', 'while', 'extends', 'implements']);
/** The statement heads whose `(…)` is not a complete expression. */
const HEADS = new Set(['if', 'while', 'for', 'with']);

const PAREN = 1;
const HEAD = 2;
const OTHER = 3;
const TEMPLATE = 4;

/**
 * Whether the text's estimated nesting stays within `limit`.
 * @param {string} text
 * @param {number} [limit]
 */
export function nestingWithin(text, limit = MAX_NESTING) {
  // Every unit of the estimate costs at least one character.
  if (text.length <= limit) return true;
  return new Scan(text, limit).run();
}

class Scan {
  /**
   * @param {string} text
   * @param {number} limit
   */
  constructor(text, limit) {
    this.text = text;
    this.limit = limit;
    this.at = 0;
    /** @type {number[]} the kind of each open bracket */
    this.kinds = [];
    /** @type {number[]} per level (0: outside every bracket), the weight of its pending nesting tokens */
    this.chains = [0];
    /** @type {number[]} per level, the weight of its labels' colons (a comma ends them) */
    this.colons = [0];
    this.pending = 0;
    /** the last token ends an expression (a `/` after it divides; a line break after it may end the statement) */
    this.ended = false;
    this.lineBreak = false;
    /** a `;` was read: the statement ends at the next token */
    this.statementEnded = false;
    this.word = '';
  }

  run() {
    const { text } = this;
    while (this.at < text.length) {
      const code = text.charCodeAt(this.at);
      if (code === 10 || code === 13 || code === 0x2028 || code === 0x2029) {
        this.lineBreak = true;
        this.at++;
      } else if (code === 32 || code === 9 || code === 11 || code === 12 || code === 0xa0 || code === 0xfeff) {
        this.at++;
      } else if (isWordCode(code)) {
        this.readWord();
      } else {
        this.punctuation();
      }
      if (this.kinds.length + this.pending > this.limit) return false;
    }
    return true;
  }

  readWord() {
    const { text } = this;
    const start = this.at;
    while (this.at < text.length && isWordCode(text.charCodeAt(this.at))) this.at++;
    const word = text.slice(start, this.at);
    if (this.statementEnded && word !== 'else') this.endStatement();
    this.statementEnded = false;
    // A line break between a complete expression and a word that cannot continue it ends the statement.
    if (this.lineBreak && this.ended && !CONTINUING.has(word)) this.endStatement();
    if (NESTING_WORDS.has(word)) this.add(CHAIN);
    this.settle(!BEFORE_OPERAND.has(word));
    this.word = word;
  }

  /** One character (or a few) of punctuation, a string, a comment or a regular expression. */
  punctuation() {
    const { text } = this;
    if (this.statementEnded) {
      this.statementEnded = false;
      this.endStatement();
    }
    const char = text[this.at];
    const next = text[this.at + 1];
    switch (char) {
      case '(':
      case '[':
      case '{':
        this.open(char === '(' ? (HEADS.has(this.word) ? HEAD : PAREN) : OTHER);
        this.at++;
        this.settle(false);
        return;
      case ')':
      case ']':
      case '}': {
        const kind = this.close();
        this.at++;
        if (kind === TEMPLATE) return this.templateText();
        // A `}` may end a block as well as an object: a `/` after it is taken for a regular expression.
        this.settle(char !== '}' && kind !== HEAD);
        this.ended = kind !== HEAD;
        return;
      }
      case '"':
      case "'":
        this.skipString(char);
        this.settle(true);
        return;
      case '`':
        this.at++;
        return this.templateText();
      case ';':
        // Ended at the next token, unless that is an `else`, which still belongs to an `if` before the `;`.
        this.statementEnded = true;
        break;
      case ',':
        this.pending -= this.colons[this.colons.length - 1];
        this.colons[this.colons.length - 1] = 0;
        break;
      case '/':
        if (next === '/') return this.skipLine();
        if (next === '*') return this.skipComment();
        if (!this.ended) {
          this.skipRegex();
          this.settle(true);
          return;
        }
        this.add(OPERATOR);
        break;
      case '?':
        // `?.` and `??` nest nothing; a ternary's `?` does.
        if (next === '?') this.at++;
        else if (!(next === '.' && !/\d/.test(text[this.at + 2] ?? ''))) this.add(CHAIN);
        break;
      case ':':
        this.colons[this.colons.length - 1] += CHAIN;
        this.pending += CHAIN;
        break;
      case '=':
        if (next === '=') this.at += text[this.at + 2] === '=' ? 2 : 1;
        else if (next === '>') this.at++;
        this.add(next === '=' ? OPERATOR : CHAIN);
        break;
      case '<':
        // TypeScript's type arguments and JSX nest at `<`, the parser about as deep as at a bracket.
        this.add(1);
        break;
      case '*':
        if (next === '*') this.at++;
        this.add(next === '*' ? CHAIN : OPERATOR);
        break;
      default:
        this.add(OPERATOR);
    }
    this.at++;
    this.settle(false);
  }

  /** @param {number} weight */
  add(weight) {
    this.chains[this.chains.length - 1] += weight;
    this.pending += weight;
  }

  /** @param {boolean} ended */
  settle(ended) {
    this.ended = ended;
    this.lineBreak = false;
    this.word = '';
  }

  endStatement() {
    const level = this.chains.length - 1;
    this.pending -= this.chains[level] + this.colons[level];
    this.chains[level] = 0;
    this.colons[level] = 0;
  }

  /** @param {number} kind */
  open(kind) {
    this.kinds.push(kind);
    this.chains.push(0);
    this.colons.push(0);
  }

  /** @returns {number} the kind of the bracket closed (0: none was open) */
  close() {
    if (this.kinds.length === 0) return 0;
    this.pending -= /** @type {number} */ (this.chains.pop()) + /** @type {number} */ (this.colons.pop());
    return /** @type {number} */ (this.kinds.pop());
  }

  /** Template text up to its end or its next `${` (then a level like a bracket's). */
  templateText() {
    const { text } = this;
    while (this.at < text.length) {
      const char = text[this.at];
      if (char === '\\') this.at += 2;
      else if (char === '`') {
        this.at++;
        this.settle(true);
        return;
      } else if (char === '$' && text[this.at + 1] === '{') {
        this.at += 2;
        this.open(TEMPLATE);
        this.settle(false);
        return;
      } else this.at++;
    }
  }

  /** @param {string} quote */
  skipString(quote) {
    const { text } = this;
    this.at++;
    while (this.at < text.length) {
      const char = text[this.at];
      if (char === '\\') this.at += 2;
      else if (char === quote || char === '\n') {
        this.at++;
        return;
      } else this.at++;
    }
  }

  skipLine() {
    const end = this.text.indexOf('\n', this.at);
    this.at = end === -1 ? this.text.length : end;
  }

  skipComment() {
    const end = this.text.indexOf('*/', this.at + 2);
    if (end === -1 || this.text.slice(this.at, end).includes('\n')) this.lineBreak = true;
    this.at = end === -1 ? this.text.length : end + 2;
  }

  /** A regular expression: to its closing `/` outside a class, or the end of the line. */
  skipRegex() {
    const { text } = this;
    let inClass = false;
    this.at++;
    while (this.at < text.length) {
      const char = text[this.at];
      if (char === '\\') this.at += 2;
      else if (char === '\n') return;
      else {
        this.at++;
        if (char === '[') inClass = true;
        else if (char === ']') inClass = false;
        else if (char === '/' && !inClass) return;
      }
    }
  }
}

/**
 * Letters, digits, `_`, `$`, `#` (private names), and anything outside ASCII.
 * @param {number} code
 */
function isWordCode(code) {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 36 || code === 35 || code > 127;
}
