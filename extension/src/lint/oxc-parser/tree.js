// One walk over oxc-parser's tree makes it typescript-eslint's: a `loc` on every node, undefined
// (not null) where typescript-eslint leaves a TypeScript field out, the Program's range over the
// whole text. The same walk notes, for the token scan (tokens.js), what only the tree knows: where
// a regular expression or a template's continuation starts, which words are identifiers (not
// keywords), where JSX text and JSX names lie, and where compound `>` operators are; and whether
// typescript-eslint would refuse the text (refusals.js).
import { visitorKeys } from 'oxc-parser';
import { UNDEFINED_FIELDS } from './undefined-fields.js';
import { decodeEntities } from './jsx-entities.js';
import { REFUSALS, mayBeDecorated } from './refusals.js';

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

/**
 * @typedef {object} Walk what a node's handler may read and note
 * @property {string} text
 * @property {Uint8Array} flags
 * @property {TokenHints['spans']} spans
 * @property {number} jsxDepth how many JSX elements, fragments or attributes hold the node
 */

/** The JSX nodes TypeScript's token typing looks for among an identifier's ancestors (isJSXToken). */
const JSX_ANCESTORS = new Set(['JSXElement', 'JSXFragment', 'JSXOpeningElement', 'JSXClosingElement', 'JSXOpeningFragment', 'JSXClosingFragment', 'JSXAttribute']);

/**
 * What the walk does at a node of one type, settled once per type.
 * @typedef {{ keys: readonly string[] | undefined, absent: readonly string[] | undefined, hint: ((node: any, parent: any, walk: Walk) => void) | undefined, refusal: ((node: any, ancestors: any[], text: string) => boolean) | undefined, jsx: boolean }} TypeInfo
 */

/** @type {Map<string, TypeInfo>} */
const typeInfos = new Map();

/** @param {string} type */
function typeInfo(type) {
  let info = typeInfos.get(type);
  if (!info) {
    info = { keys: visitorKeys[type], absent: UNDEFINED_FIELDS[type], hint: HINTS[type], refusal: REFUSALS[type], jsx: JSX_ANCESTORS.has(type) };
    typeInfos.set(type, info);
  }
  return info;
}

/**
 * @param {any} program oxc-parser's Program (mutated in place)
 * @param {string} text
 * @param {ReturnType<typeof import('./lines.js').createLocator>} locator
 * @returns {TokenHints}
 */
export function adoptTree(program, text, locator) {
  /** @type {Walk} */
  const walk = { text, flags: new Uint8Array(text.length + 1), spans: new Map(), jsxDepth: 0 };
  const { flags } = walk;
  const { loc } = locator;
  let refused = false;
  /** @type {any[]} the nodes above the one visited, nearest last */
  const ancestors = [];

  /** @param {any} node @param {any} parent */
  function visit(node, parent) {
    const info = typeInfo(node.type);
    const range = node.range;
    // A decorated parameter with a default (`@Query() page = 1`): typescript-eslint's AssignmentPattern starts after the decorators.
    if (node.type === 'AssignmentPattern' && node.decorators.length > 0) range[0] = node.left.range[0];
    node.loc = loc(range[0], range[1]);
    flags[range[0]] |= BOUNDARY;
    flags[range[1]] |= BOUNDARY;
    if (info.absent !== undefined) {
      for (const field of info.absent) if (node[field] === null) node[field] = undefined;
    }
    if (info.hint !== undefined) info.hint(node, parent, walk);
    if (!refused) {
      const decorators = node.decorators;
      refused = (decorators !== undefined && decorators.length > 0 && !mayBeDecorated(node, ancestors)) || (info.refusal !== undefined && info.refusal(node, ancestors, text));
    }
    if (info.jsx) walk.jsxDepth++;
    if (info.keys !== undefined) {
      ancestors.push(node);
      for (const key of info.keys) {
        const child = node[key];
        if (child === null || child === undefined) continue;
        if (Array.isArray(child)) {
          for (const element of child) if (element !== null) visit(element, node);
        } else visit(child, node);
      }
      ancestors.pop();
    }
    if (info.jsx) walk.jsxDepth--;
  }

  visit(program, null);
  program.range = [0, text.length];
  program.loc = loc(0, text.length);
  delete program.hashbang;
  return { flags, spans: walk.spans, refused };
}

/**
 * Per node type, what the token scan needs to know from it (and the few values typescript-eslint
 * gives otherwise than oxc).
 * @type {Record<string, (node: any, parent: any, walk: Walk) => void>}
 */
const HINTS = {
  Identifier(node, parent, { flags }) {
    // `import.meta`, `new.target`: TypeScript scans the keyword as a token of its own.
    if (!(parent?.type === 'MetaProperty' && parent.meta === node)) flags[node.range[0]] |= IDENTIFIER;
  },
  ThisExpression(node, parent, { flags }) {
    // `typeof this.x`: TypeScript's tree has an identifier there.
    if (parent?.type === 'TSQualifiedName' || parent?.type === 'TSTypeQuery') flags[node.range[0]] |= IDENTIFIER;
  },
  MemberExpression(node, _parent, { flags, jsxDepth }) {
    // In JSX, typescript-eslint types the identifiers of `a.b` JSXIdentifier (an identifier whose parent is a
    // property access with a JSX ancestor), unless the object is parenthesized.
    if (jsxDepth === 0 || node.computed) return;
    if (node.property.type === 'Identifier') flags[node.property.range[0]] |= JSX_MEMBER;
    if (node.object.type === 'Identifier' && node.object.range[0] === node.range[0]) flags[node.object.range[0]] |= JSX_MEMBER;
  },
  Literal(node, parent, { flags, spans }) {
    if (node.regex) flags[node.range[0]] |= REGEX;
    else if (parent?.type === 'JSXAttribute' && typeof node.value === 'string') {
      spans.set(node.range[0], { end: node.range[1], type: 'JSXText' });
      node.value = decodeEntities(node.value);
    }
  },
  TemplateElement(node, _parent, { flags, text }) {
    const start = node.range[0];
    flags[start] |= TEMPLATE_PART;
    // typescript-eslint's raw text is the source's, line breaks as written (oxc turns \r\n and \r into \n).
    if (node.value.raw.includes('\n')) node.value.raw = text.slice(start + 1, node.range[1] - (node.tail ? 1 : 2));
  },
  JSXText(node, _parent, { spans }) {
    spans.set(node.range[0], { end: node.range[1], type: 'JSXText' });
    // typescript-eslint decodes HTML entities in JSX text (`&amp;` is `&`); oxc gives the text as written.
    node.value = decodeEntities(node.raw);
  },
  JSXIdentifier(node, parent, { spans }) {
    // `<this.x>` is a `this` keyword to TypeScript; the parts of `a:b` are plain identifiers.
    if (node.name !== 'this') spans.set(node.range[0], { end: node.range[1], type: parent?.type === 'JSXNamespacedName' ? 'Identifier' : 'JSXIdentifier' });
  },
  BinaryExpression: noteCompoundGreater,
  AssignmentExpression: noteCompoundGreater,
};

/**
 * `>>`, `>>>`, `>=`, `>>=`, `>>>=`: TypeScript scans `>` alone and joins the rest only where an operator is expected.
 * @param {any} node
 * @param {any} _parent
 * @param {Walk} walk
 */
function noteCompoundGreater(node, _parent, { flags, text }) {
  if (node.operator.length > 1 && node.operator[0] === '>') flags[operatorStart(text, node.left.range[1])] |= COMPOUND_GREATER;
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
    if (code === 41 /* ) */ || /\s/.test(text[at])) {
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
