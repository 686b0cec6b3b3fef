// Texts typescript-eslint refuses (a TypeScript grammar error it checks while converting) that
// oxc-parser parses without an error, found by trying every modifier in every place and by editing
// real files as typing does (scripts/equivalence/oxc-parser-equivalence.js --mutations). Such a text
// goes to typescript-eslint, so the editor shows its error, as before, instead of linting a tree
// typescript-eslint would never have made.

/** The words a class member's node accounts for, by the property that records each. */
const MEMBER_WORDS = {
  static: (/** @type {any} */ node) => node.static === true,
  override: (/** @type {any} */ node) => node.override === true,
  readonly: (/** @type {any} */ node) => node.readonly === true,
  declare: (/** @type {any} */ node) => node.declare === true,
  async: (/** @type {any} */ node) => node.value?.async === true,
  abstract: (/** @type {any} */ node) => node.type.startsWith('TSAbstract'),
  accessor: (/** @type {any} */ node) => node.type === 'AccessorProperty' || node.type === 'TSAbstractAccessorProperty',
  get: (/** @type {any} */ node) => node.kind === 'get',
  set: (/** @type {any} */ node) => node.kind === 'set',
  public: (/** @type {any} */ node) => node.accessibility === 'public',
  private: (/** @type {any} */ node) => node.accessibility === 'private',
  protected: (/** @type {any} */ node) => node.accessibility === 'protected',
};

/**
 * Per node type: true when typescript-eslint may refuse what oxc accepted at this node.
 * @type {Record<string, (node: any, ancestors: any[], text: string) => boolean>}
 */
export const REFUSALS = {
  // JSDoc types in code (`x: ?T`, `x: T?`): typescript-eslint refuses some and converts others its own way.
  TSJSDocNullableType: () => true,
  TSJSDocNonNullableType: () => true,
  TSJSDocUnknownType: () => true,
  // `${'a' 'b' | 'c'}` in a template literal type: oxc reads two types where there is room for one.
  TSTemplateLiteralType: (node) => node.types.length !== node.quasis.length - 1,
  TemplateLiteral: (node) => node.expressions.length !== node.quasis.length - 1,
  // `class {}` needs `export default` right before it.
  ClassDeclaration: (node, ancestors) => node.id === null && ancestors[ancestors.length - 1]?.type !== 'ExportDefaultDeclaration',
  FunctionDeclaration: refusedFunction,
  TSDeclareFunction: refusedFunction,
  ForInStatement: refusedLoopDeclaration,
  ForOfStatement: refusedLoopDeclaration,
  TSAbstractAccessorProperty: (node, _ancestors, text) => node.value !== null || unaccountedWords(node, text),
  TSAbstractPropertyDefinition: (node, _ancestors, text) => node.value !== null || unaccountedWords(node, text),
  // `static async constructor()`: TypeScript allows no `async` or `*` on a member named constructor.
  MethodDefinition: (node, _ancestors, text) => (!node.computed && node.key.type === 'Identifier' && node.key.name === 'constructor' && (node.value.async || node.value.generator)) || unaccountedWords(node, text),
  TSAbstractMethodDefinition: (node, _ancestors, text) => unaccountedWords(node, text),
  PropertyDefinition: (node, _ancestors, text) => bareModifierWord(node) || unaccountedWords(node, text),
  AccessorProperty: (node, _ancestors, text) => bareModifierWord(node) || unaccountedWords(node, text),
  TSPropertySignature: bareModifierWord,
};

/** Words TypeScript may read as a modifier of the member after them, across a line break. */
const MODIFIER_WORDS = new Set(['public', 'private', 'protected', 'static', 'readonly', 'declare', 'abstract', 'override', 'accessor', 'async', 'export', 'default', 'const', 'in', 'out', 'get', 'set']);

/**
 * A member that is only a modifier word (`default` alone on its line, then a decorated method):
 * oxc makes it a field of that name, TypeScript a modifier of the next member.
 * @param {any} node
 */
function bareModifierWord(node) {
  return !node.computed && node.key.type === 'Identifier' && MODIFIER_WORDS.has(node.key.name) && !node.value && !node.typeAnnotation;
}

/** @param {any} node */
function refusedFunction(node) {
  return Boolean((node.declare && (node.async || node.generator || node.body)) || (!node.body && node.generator));
}

/** @param {any} node */
function refusedLoopDeclaration(node) {
  const left = node.left;
  if (left.type !== 'VariableDeclaration') return false;
  return left.declarations.length !== 1 || left.declarations[0].init !== null || Boolean(left.declarations[0].id.typeAnnotation);
}

/**
 * oxc drops some modifiers it does not allow on a class member (`default`, `in`, `out`, `readonly`
 * on a method) without an error; typescript-eslint refuses them. Any word before the member's name
 * that its node does not account for, or a word twice, is such a modifier.
 * @param {any} member
 * @param {string} text
 */
function unaccountedWords(member, text) {
  const decorators = member.decorators ?? [];
  const from = decorators.length > 0 ? decorators[decorators.length - 1].range[1] : member.range[0];
  const before = text.slice(from, member.key.range[0]);
  if (!/[A-Za-z_$\\\u0080-\uffff]/.test(before)) return false;
  const words = before.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n\r\u2028\u2029]*/g, ' ').match(/[^\s*[#]+/g) ?? [];
  const seen = new Set();
  for (const word of words) {
    const accounts = Object.hasOwn(MEMBER_WORDS, word) ? MEMBER_WORDS[/** @type {keyof typeof MEMBER_WORDS} */ (word)] : undefined;
    if (!accounts || seen.has(word) || !accounts(member)) return true;
    seen.add(word);
  }
  return false;
}

/**
 * Where typescript-eslint allows decorators (its nodeCanBeDecorated, legacy and current rules
 * alike): classes; fields of a class declaration, or non-abstract ones of a class expression;
 * methods and accessors with a body; parameters (not `this`) of a constructor, method or setter
 * with a body, in a class declaration.
 * @param {any} node
 * @param {any[]} ancestors
 */
export function mayBeDecorated(node, ancestors) {
  const at = (/** @type {number} */ up) => ancestors[ancestors.length - up];
  switch (node.type) {
    // JSDoc types in code (`x: ?T`, `x: T?`): typescript-eslint refuses some and converts others its own way.
    case 'TSJSDocNullableType':
    case 'TSJSDocNonNullableType':
    case 'TSJSDocUnknownType':
      return true;
    // `${'a' 'b' | 'c'}` in a template literal type: oxc reads two types where there is room for one.
    case 'TSTemplateLiteralType':
      return node.types.length !== node.quasis.length - 1;
    case 'TemplateLiteral':
      return node.expressions.length !== node.quasis.length - 1;
    case 'ClassDeclaration':
    case 'ClassExpression':
      return true;
    case 'PropertyDefinition':
    case 'AccessorProperty':
      return true;
    case 'TSAbstractPropertyDefinition':
    case 'TSAbstractAccessorProperty':
      return at(2)?.type === 'ClassDeclaration';
    case 'MethodDefinition':
      return node.kind !== 'constructor' && node.value.type === 'FunctionExpression';
    case 'TSAbstractMethodDefinition':
      return false;
    default: {
      // A parameter: its function, the method holding it, the class body, the class.
      const fn = at(1);
      const method = at(2);
      if (!fn || fn.type !== 'FunctionExpression' || !fn.params.includes(node) || method?.type !== 'MethodDefinition') return false;
      if (method.kind === 'get' || at(4)?.type !== 'ClassDeclaration') return false;
      return !(node.type === 'Identifier' && node.name === 'this');
    }
  }
}
