// One walk over oxc-parser's tree makes it typescript-eslint's: a `loc` on every node, undefined
// (not null) where typescript-eslint leaves a TypeScript field out, the Program's range over the
// whole text. The same walk notes, for the token scan (tokens.js), what only the tree knows: where
// a regular expression or a template's continuation starts, which words are identifiers (not
// keywords), where JSX text and JSX names lie, and where compound `>` operators are.
import { visitorKeys } from 'oxc-parser';
import { UNDEFINED_FIELDS } from './undefined-fields.js';
import { decodeEntities } from './jsx-entities.js';
import { mayBeRefused } from './refusals.js';

/** Token hints: bits of TokenHints.flags, one byte per offset of the text. */
export const IDENTIFIER = 1;
export const JSX_MEMBER = 2;
export const REGEX = 4;
export const TEMPLATE_PART = 8;
export const COMPOUND_GREATER = 16;
export const BOUNDARY = 32;

/**
 * @typedef {object} TokenHints
 * @property {Uint8Array} flags
 * @property {Map<number, { end: number, type: 'JSXText' | 'JSXIdentifier' | 'Identifier' }>} spans tokens the
 *   tree gives whole, by start: JSX text, JSX names (`data-id`), JSX attribute strings
 * @property {boolean} refused typescript-eslint may refuse this text (refusals.js): parse it there
 */

/** The JSX nodes TypeScript's token typing looks for among an identifier's ancestors (isJSXToken). */
const JSX_ANCESTORS = new Set(['JSXElement', 'JSXFragment', 'JSXOpeningElement', 'JSXClosingElement', 'JSXOpeningFragment', 'JSXClosingFragment', 'JSXAttribute']);

/**
 * @param {any} program oxc-parser's Program (mutated in place)
 * @param {string} text
 * @param {ReturnType<typeof import('./lines.js').createLocator>} locator
 * @returns {TokenHints}
 */
export function adoptTree(program, text, locator) {
  const flags = new Uint8Array(text.length + 1);
  /** @type {TokenHints['spans']} */
  const spans = new Map();
  const { loc } = locator;
  let jsxDepth = 0;
  let refused = false;
  /** @type {any[]} the nodes above the one visited, nearest last */
  const ancestors = [];

  /** @param {any} node @param {any} parent */
  function visit(node, parent) {
    const { type, range } = node;
    // A decorated parameter with a default (`@Query() page = 1`): typescript-eslint's AssignmentPattern starts after the decorators.
    if (type === 'AssignmentPattern' && node.decorators.length > 0) range[0] = node.left.range[0];
    const start = range[0];
    node.loc = loc(start, range[1]);
    flags[start] |= BOUNDARY;
    flags[range[1]] |= BOUNDARY;
    const absent = UNDEFINED_FIELDS[type];
    if (absent !== undefined) {
      for (const field of absent) if (node[field] === null) node[field] = undefined;
    }
    noteTokenHints(node, parent);
    if (!refused && mayBeRefused(node, ancestors, text)) refused = true;
    const jsx = JSX_ANCESTORS.has(type);
    if (jsx) jsxDepth++;
    const keys = visitorKeys[type];
    if (keys !== undefined) {
      ancestors.push(node);
      for (const key of keys) {
        const child = node[key];
        if (child === null || child === undefined) continue;
        if (Array.isArray(child)) {
          for (const element of child) if (element !== null) visit(element, node);
        } else visit(child, node);
      }
      ancestors.pop();
    }
    if (jsx) jsxDepth--;
  }

  /** @param {any} node @param {any} parent */
  function noteTokenHints(node, parent) {
    const start = node.range[0];
    switch (node.type) {
      case 'Identifier':
        // `import.meta`, `new.target`: TypeScript scans the keyword as a token of its own.
        if (!(parent?.type === 'MetaProperty' && parent.meta === node)) flags[start] |= IDENTIFIER;
        break;
      case 'ThisExpression':
        // `typeof this.x`: TypeScript's tree has an identifier there.
        if (parent?.type === 'TSQualifiedName' || parent?.type === 'TSTypeQuery') flags[start] |= IDENTIFIER;
        break;
      case 'MemberExpression':
        if (jsxDepth > 0 && !node.computed) noteJsxMember(node);
        break;
      case 'Literal':
        if (node.regex) flags[start] |= REGEX;
        else if (parent?.type === 'JSXAttribute' && typeof node.value === 'string') {
          spans.set(start, { end: node.range[1], type: 'JSXText' });
          node.value = decodeEntities(node.value);
        }
        break;
      case 'TemplateElement':
        flags[start] |= TEMPLATE_PART;
        // typescript-eslint's raw text is the source's, line breaks as written (oxc turns \r\n and \r into \n).
        if (node.value.raw.includes('\n')) node.value.raw = text.slice(start + 1, node.range[1] - (node.tail ? 1 : 2));
        break;
      case 'JSXText':
        spans.set(start, { end: node.range[1], type: 'JSXText' });
        // typescript-eslint decodes HTML entities in JSX text (`&amp;` is `&`); oxc gives the text as written.
        node.value = decodeEntities(node.raw);
        break;
      case 'JSXIdentifier':
        // `<this.x>` is a `this` keyword to TypeScript; the parts of `a:b` are plain identifiers.
        if (node.name !== 'this') spans.set(start, { end: node.range[1], type: parent?.type === 'JSXNamespacedName' ? 'Identifier' : 'JSXIdentifier' });
        break;
      case 'BinaryExpression':
      case 'AssignmentExpression':
        if (node.operator.length > 1 && node.operator[0] === '>') flags[operatorStart(text, node.left.range[1])] |= COMPOUND_GREATER;
        break;
      default:
    }
  }

  /**
   * In JSX, the identifiers of `a.b` are typed JSXIdentifier by typescript-eslint (an identifier whose
   * parent is a property access with a JSX ancestor), unless the object is parenthesized.
   * @param {any} member
   */
  function noteJsxMember(member) {
    if (member.property.type === 'Identifier') flags[member.property.range[0]] |= JSX_MEMBER;
    if (member.object.type === 'Identifier' && member.object.range[0] === member.range[0]) flags[member.object.range[0]] |= JSX_MEMBER;
  }

  visit(program, null);
  program.range = [0, text.length];
  program.loc = loc(0, text.length);
  delete program.hashbang;
  return { flags, spans, refused };
}

/**
 * Where a binary operator starts: after its left operand, past white space, comments and the
 * closing parentheses of a parenthesized left operand.
 * @param {string} text
 * @param {number} offset the left operand's end
 */
function operatorStart(text, offset) {
  let at = offset;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === 41 /* ) */ || code === 32 || code === 9 || code === 10 || code === 13 || code === 11 || code === 12 || code === 0xa0 || code === 0xfeff || code === 0x2028 || code === 0x2029 || (code > 0x1fff && /\s/.test(text[at]))) {
      at++;
    } else if (code === 47 /* / */ && text.charCodeAt(at + 1) === 47) {
      while (at < text.length && !/[\n\r\u2028\u2029]/.test(text[at])) at++;
    } else if (code === 47 && text.charCodeAt(at + 1) === 42) {
      const close = text.indexOf('*/', at + 2);
      at = close === -1 ? text.length : close + 2;
    } else break;
  }
  return at;
}
