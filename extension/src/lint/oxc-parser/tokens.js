// The token list typescript-eslint gives, made without TypeScript's parser: TypeScript's scanner
// runs once over the text, and the hints from oxc's tree (tree.js) settle what a scanner alone
// cannot: a `/` that starts a regular expression, a `}` that continues a template, `>>` and `>=`
// as operators (TypeScript scans `>` alone), a `<<` whose second `<` opens type parameters, JSX
// text and names, and the token type of a word (typescript-eslint types a word by the node
// TypeScript made of it: an identifier, or a keyword).
import { IDENTIFIER, JSX_MEMBER, REGEX, TEMPLATE_PART, COMPOUND_GREATER, BOUNDARY } from './tree.js';

/**
 * @typedef {{ type: string, loc: { end: { column: number, line: number }, start: { column: number, line: number } }, range: [number, number], value: string, regex?: { flags: string, pattern: string } }} Token
 */

/** @type {Map<typeof import('typescript'), import('typescript').Scanner>} */
const scanners = new Map();

/**
 * @param {typeof import('typescript')} ts
 * @param {string} text
 * @param {import('./tree.js').TokenHints} hints
 * @param {ReturnType<typeof import('./lines.js').createLocator>} locator
 * @returns {Token[]}
 */
export function scanTokens(ts, text, { flags, spans }, locator) {
  const K = ts.SyntaxKind;
  let scanner = scanners.get(ts);
  if (!scanner) scanners.set(ts, (scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard)));
  scanner.setText(text);
  /** @type {Token[]} */
  const tokens = [];
  /** @param {string} type @param {number} start @param {number} end */
  const push = (type, start, end) => {
    const token = /** @type {Token} */ ({ type, loc: locator.loc(start, end), range: [start, end], value: text.slice(start, end) });
    tokens.push(token);
    return token;
  };
  let fullStart = 0;
  try {
    for (;;) {
      let kind = K.Unknown;
      let start = fullStart;
      // JSX text starts right where the last token ended (its leading white space is part of it).
      let span = spans.get(fullStart);
      if (span === undefined) {
        kind = scanner.scan();
        if (kind === K.EndOfFileToken) break;
        start = scanner.getTokenStart();
        span = spans.get(start);
      }
      if (span !== undefined) {
        push(span.type, start, span.end);
        scanner.resetTokenState(span.end);
        fullStart = span.end;
        continue;
      }
      const hint = flags[start];
      if (hint & REGEX && (kind === K.SlashToken || kind === K.SlashEqualsToken)) kind = scanner.reScanSlashToken();
      else if (hint & TEMPLATE_PART && kind === K.CloseBraceToken) kind = scanner.reScanTemplateToken(false);
      else if (hint & COMPOUND_GREATER && kind === K.GreaterThanToken) kind = scanner.reScanGreaterToken();
      let end = scanner.getTokenEnd();
      const punctuation = kind >= K.FirstPunctuation && kind <= K.LastPunctuation;
      if (punctuation && end - start > 1) end = splitAtNode(flags, start, end, scanner);
      const token = push(punctuation ? 'Punctuator' : tokenType(K, kind, hint), start, end);
      if (kind === K.RegularExpressionLiteral) {
        const value = token.value;
        token.regex = { flags: value.slice(value.lastIndexOf('/') + 1), pattern: value.slice(1, value.lastIndexOf('/')) };
        // typescript-eslint's order of keys: type, loc, range, regex, value.
        delete token.value;
        token.value = value;
      } else if (kind === K.PrivateIdentifier) token.value = token.value.slice(1);
      fullStart = end;
    }
  } finally {
    scanner.setText(undefined);
  }
  return tokens;
}

/**
 * A punctuator the scanner made across a node's edge (`<<` in `A<<T>() => T>`) is two tokens: the
 * scan goes on from the edge.
 * @param {Uint8Array} flags
 * @param {number} start
 * @param {number} end
 * @param {import('typescript').Scanner} scanner
 */
function splitAtNode(flags, start, end, scanner) {
  for (let at = start + 1; at < end; at++) {
    if (flags[at] & BOUNDARY) {
      scanner.resetTokenState(at);
      return at;
    }
  }
  return end;
}

/**
 * typescript-eslint's getTokenType, with "is this word an identifier node?" read from the hints.
 * @param {typeof import('typescript').SyntaxKind} K
 * @param {number} kind
 * @param {number} hint
 */
function tokenType(K, kind, hint) {
  if (kind === K.Identifier) return hint & JSX_MEMBER ? 'JSXIdentifier' : 'Identifier';
  if (kind >= K.FirstKeyword && kind <= K.LastKeyword) {
    if (hint & IDENTIFIER) return hint & JSX_MEMBER ? 'JSXIdentifier' : 'Identifier';
    if (kind === K.NullKeyword) return 'Null';
    if (kind === K.TrueKeyword || kind === K.FalseKeyword) return 'Boolean';
    // Reserved words are keywords; contextual ones (`as`, `async`, `type` …) identifiers.
    return kind <= K.LastFutureReservedWord ? 'Keyword' : 'Identifier';
  }
  if (kind >= K.NoSubstitutionTemplateLiteral && kind <= K.TemplateTail) return 'Template';
  switch (kind) {
    case K.NumericLiteral:
    case K.BigIntLiteral:
      return 'Numeric';
    case K.StringLiteral:
      return 'String';
    case K.RegularExpressionLiteral:
      return 'RegularExpression';
    case K.PrivateIdentifier:
      return 'PrivateIdentifier';
    default:
      return 'Identifier';
  }
}
