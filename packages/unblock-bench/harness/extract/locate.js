import traverseModule from '@babel/traverse';

/** @type {typeof import('@babel/traverse').default} */
// @ts-ignore -- CommonJS default export seen from ESM
const traverse = traverseModule.default ?? traverseModule;

/**
 * Finds the function to benchmark: the innermost async function whose text spans `line` (the
 * waterfall lives in an async function even when the line is inside a small callback such as
 * `.map(u => u.id)`), or the innermost function of any kind when no async one spans it (a blocking
 * call can sit in a plain function).
 * @param {import('@babel/types').File} ast
 * @param {number} line 1-based
 * @returns {import('@babel/traverse').NodePath<import('@babel/types').Function> | null}
 */
export function locateFunction(ast, line) {
  /** @type {import('@babel/traverse').NodePath<import('@babel/types').Function>[]} */
  const spanning = [];
  traverse(ast, {
    Function(path) {
      const loc = path.node.loc;
      if (loc && loc.start.line <= line && line <= loc.end.line) spanning.push(path);
      else path.skip();
    },
  });
  // Traversal visits outer functions before inner ones, so the last match is the innermost.
  const asyncOnes = spanning.filter((p) => p.node.async);
  return asyncOnes.at(-1) ?? spanning.at(-1) ?? null;
}

/**
 * A readable name for the function: its declared name, `Class.method`, or where it is passed
 * (`app.get('/users/:id') handler`).
 * @param {import('@babel/traverse').NodePath<import('@babel/types').Function>} path
 * @returns {string}
 */
export function describeFunction(path) {
  const node = path.node;
  const line = node.loc?.start.line;
  if ((node.type === 'ClassMethod' || node.type === 'ClassPrivateMethod') && path.parentPath?.parentPath) {
    const cls = path.parentPath.parentPath.node;
    const className = 'id' in cls && cls.id && cls.id.type === 'Identifier' ? cls.id.name : 'class';
    return `${className}.${keyName(node.key)}`;
  }
  if (node.type === 'ObjectMethod') return keyName(node.key);
  if ('id' in node && node.id) return node.id.name;
  const parent = path.parentPath?.node;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if (parent?.type === 'ExportDefaultDeclaration') return 'default export';
  if ((parent?.type === 'ObjectProperty' || parent?.type === 'ClassProperty') && parent.value === node) return keyName(parent.key);
  if (parent?.type === 'AssignmentExpression' && parent.right === node) return memberText(parent.left);
  if (parent?.type === 'CallExpression' && parent.arguments.includes(/** @type {any} */ (node))) {
    const first = parent.arguments[0];
    const route = first && first.type === 'StringLiteral' ? `('${first.value}')` : '()';
    return `${memberText(parent.callee)}${route} handler`;
  }
  return `function at line ${line}`;
}

/** @param {import('@babel/types').Node} key */
function keyName(key) {
  if (key.type === 'Identifier') return key.name;
  if (key.type === 'StringLiteral') return key.value;
  if (key.type === 'PrivateName') return `#${key.id.name}`;
  return '[computed]';
}

/** @param {import('@babel/types').Node} node */
function memberText(node) {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'ThisExpression') return 'this';
  if ((node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') && !node.computed) {
    return `${memberText(node.object)}.${keyName(node.property)}`;
  }
  return 'callback';
}
