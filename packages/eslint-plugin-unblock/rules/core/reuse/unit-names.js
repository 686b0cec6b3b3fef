/**
 * What each top-level statement of a file (a unit: a function, a class, an import, a route
 * registration, a module-level constant) names that another unit could share. Two units can only
 * see into each other through these names: a call or a read of what another declares or assigns,
 * a property another defines, a string both hand to calls (an event name). unit-graph.js links
 * units by them; a name shared by mistake only makes fewer units reusable, never a wrong report.
 *
 * A unit's names depend on its own text alone (what it binds inside is its own), so they are
 * kept with the unit while its text stays the same.
 */
import { walk, propertyName } from '../syntax/ast.js';

/**
 * @typedef {object} UnitNames
 * @property {Set<string>} uses      module-level or global names it reads or writes, from anywhere inside it
 * @property {Set<string>} provides  module-level names it declares or assigns
 * @property {Set<string>} reads     property names it reads (`a.b`, `a['b']`, `{ b } = a`) and strings it hands to calls
 * @property {Set<string>} defines   property names it defines (object keys, class members, `a.b = …`) and strings it hands to calls
 */

/** @type {WeakMap<object, any[]>} per tree */
const unitLists = new WeakMap();

/**
 * The file's units in order: top-level statements, a top-level class's members in its place.
 * @param {any} program
 * @returns {any[]}
 */
export function unitsOf(program) {
  let units = unitLists.get(program);
  if (units) return units;
  units = [];
  for (const statement of program.body) {
    const declared = statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ? statement.declaration : statement;
    if (declared?.type === 'ClassDeclaration' && declared.body.body.length > 0) units.push(...declared.body.body);
    else units.push(statement);
  }
  unitLists.set(program, units);
  return units;
}

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {Iterable<number>} which indexes in unitsOf() of the units wanted
 * @returns {Map<number, UnitNames>}
 */
export function unitNames(sourceCode, which) {
  const body = unitsOf(sourceCode.ast);
  /** @type {Map<number, UnitNames>} */
  const names = new Map();
  for (const at of which) names.set(at, { uses: new Set(), provides: new Set(), reads: new Set(), defines: new Set() });
  addScopeNames(sourceCode, body, names);
  for (const [at, unit] of names) addPropertyNames(body[at], sourceCode.visitorKeys, unit);
  return names;
}

/**
 * The index in `body` of the unit that holds `offset`, or -1 (between units).
 * @param {any[]} body unitsOf()
 * @param {number} offset
 */
export function unitAt(body, offset) {
  let low = 0;
  let high = body.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [start, end] = body[middle].range;
    if (offset < start) high = middle - 1;
    else if (offset >= end) low = middle + 1;
    else return middle;
  }
  return -1;
}

/**
 * Module-level names, from the scope manager: a binding declared in a unit, a reference made from
 * inside one (at any depth) to a module-level binding or to an undeclared global.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any[]} body
 * @param {Map<number, UnitNames>} names
 */
function addScopeNames(sourceCode, body, names) {
  const unitOf = (/** @type {any} */ node) => names.get(unitAt(body, node.range[0]));
  for (const scope of sourceCode.scopeManager?.scopes ?? []) {
    if (scope.block.type !== 'Program') continue;
    for (const variable of scope.variables) {
      for (const def of variable.defs) unitOf(def.name)?.provides.add(variable.name);
      for (const reference of variable.references) addReference(unitOf(reference.identifier), reference);
    }
    if (scope.type === 'global') for (const reference of scope.through) addReference(unitOf(reference.identifier), reference);
  }
}

/**
 * @param {UnitNames | undefined} unit
 * @param {import('eslint').Scope.Reference} reference
 */
function addReference(unit, reference) {
  if (!unit) return;
  unit.uses.add(reference.identifier.name);
  // Assigning a module-level binding changes what every unit reading it sees.
  if (reference.isWrite()) unit.provides.add(reference.identifier.name);
}

/**
 * @param {any} unit
 * @param {Record<string, readonly string[]>} visitorKeys
 * @param {UnitNames} names
 */
function addPropertyNames(unit, visitorKeys, names) {
  walk(unit, visitorKeys, (node) => {
    switch (node.type) {
      case 'MemberExpression': {
        const name = propertyName(node);
        if (name !== null) names.reads.add(name);
        break;
      }
      case 'Property': {
        const name = keyName(node);
        if (name === null) break;
        if (node.parent?.type === 'ObjectPattern') names.reads.add(name);
        else if (!DATA.has(node.value.type)) names.defines.add(name);
        break;
      }
      case 'TSParameterProperty': {
        // `constructor(private repo: Repo)` defines `this.repo`.
        const parameter = node.parameter.type === 'AssignmentPattern' ? node.parameter.left : node.parameter;
        if (parameter.type === 'Identifier') names.defines.add(parameter.name);
        break;
      }
      case 'MethodDefinition':
      case 'PropertyDefinition':
      case 'AccessorProperty': {
        const name = keyName(node);
        if (name !== null) names.defines.add(name);
        break;
      }
      case 'AssignmentExpression':
      case 'UpdateExpression':
        addAssignedProperty(node.type === 'AssignmentExpression' ? node.left : node.argument, names);
        break;
      case 'CallExpression':
      case 'NewExpression':
        for (const argument of node.arguments) addString(argument, names);
        break;
      case 'JSXIdentifier':
        // The scope manager does not resolve JSX names: a component another unit declares.
        names.uses.add(node.name);
        break;
    }
  });
}

/**
 * Values that hold no function: a key set to one names data, which no call resolves to. (A key
 * set to anything else, a name or a call, may hold a function another unit calls as a method.)
 */
const DATA = new Set(['Literal', 'TemplateLiteral', 'ArrayExpression', 'ObjectExpression', 'BinaryExpression', 'UnaryExpression', 'UpdateExpression']);

/** @param {any} target @param {UnitNames} names */
function addAssignedProperty(target, names) {
  const name = target?.type === 'MemberExpression' ? propertyName(target) : null;
  if (name !== null) names.defines.add(name);
}

/** A string handed to a call names something another unit may hand over too: `emit('order')`, `on('order', …)`. */
function addString(/** @type {any} */ argument, /** @type {UnitNames} */ names) {
  let text = null;
  if (argument.type === 'Literal' && typeof argument.value === 'string') text = argument.value;
  else if (argument.type === 'TemplateLiteral' && argument.expressions.length === 0) text = argument.quasis[0].value.cooked;
  if (text === null) return;
  names.reads.add(text);
  names.defines.add(text);
}

/** @param {any} node a property, method or class field */
function keyName(node) {
  if (node.computed) return node.key.type === 'Literal' && typeof node.key.value === 'string' ? node.key.value : null;
  if (node.key.type === 'Identifier' || node.key.type === 'PrivateIdentifier') return node.key.name;
  if (node.key.type === 'Literal') return String(node.key.value);
  return null;
}
