/**
 * What each unit of a file names that another unit could share. A unit is a top-level statement (a
 * function, an import, a route registration, a module-level constant) or a member of a top-level
 * class (a method, a field, the constructor): a class is most of a TypeScript service's file. Two
 * units can only see into each other through these names: a call or a read of what another
 * declares or assigns, or of a property another defines where a call may resolve to it.
 * unit-graph.js links units by them; a name shared by mistake only makes fewer units reusable,
 * never a wrong report.
 *
 * A unit's names depend on its own text alone (what it binds inside is its own), so they are
 * kept with the unit while its text stays the same.
 */
import { addPropertyNames } from './property-names.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */
/**
 * @template {string} T
 * @typedef {import('../language/syntax/ast.js').NodeOf<T>} NodeOf
 */

/**
 * @typedef {object} UnitNames
 * @property {Set<string>} uses      module-level or global names it reads or writes, from anywhere inside it
 * @property {Set<string>} provides  module-level names it declares or assigns
 * @property {Set<string>} reads     property names it reads (`a.b`, `a['b']`, `{ b } = a`)
 * @property {Set<string>} defines   property names it defines where a call may resolve to them (property-names.js)
 */

/** @type {WeakMap<object, any[]>} per tree */
const unitLists = new WeakMap();
/** @type {WeakMap<object, { classNode: any, members: number[] }[]>} per tree: the classes split into member units */
const splitClasses = new WeakMap();

/**
 * The file's units in order: top-level statements, a top-level class's members in its place.
 * @param {any} program
 * @returns {any[]}
 */
export function unitsOf(program) {
  let units = unitLists.get(program);
  if (units) return units;
  units = [];
  const classes = [];
  for (const statement of program.body) {
    const declared = statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ? statement.declaration : statement;
    if (declared?.type === 'ClassDeclaration' && declared.body.body.length > 0) {
      classes.push({ classNode: statement, members: declared.body.body.map((/** @type {any} */ _, /** @type {number} */ i) => units.length + i) });
      units.push(...declared.body.body);
    } else {
      units.push(statement);
    }
  }
  unitLists.set(program, units);
  splitClasses.set(program, classes);
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
  for (const [at, unit] of names) addPropertyNames(body[at], sourceCode, unit);
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
  const unitsOfNode = ownersOf(sourceCode.ast, body, names);
  for (const scope of sourceCode.scopeManager?.scopes ?? []) {
    if (scope.block.type !== 'Program') continue;
    for (const variable of scope.variables) {
      for (const def of variable.defs) for (const unit of unitsOfNode(def.name)) unit.provides.add(variable.name);
      for (const reference of variable.references) addReference(unitsOfNode(reference.identifier), reference);
    }
    if (scope.type === 'global') for (const reference of scope.through) addReference(unitsOfNode(reference.identifier), reference);
  }
}

/**
 * The wanted units a node's names belong to: the unit around it; for a node in a split class's
 * own text (its name, `extends Base`, its decorators), every member of that class: they are
 * all that class (what `new Users()` runs, what a method inherits).
 * @param {any} program
 * @param {any[]} body
 * @param {Map<number, UnitNames>} names
 * @returns {(node: any) => UnitNames[]}
 */
function ownersOf(program, body, names) {
  const classes = splitClasses.get(program) ?? [];
  return (node) => {
    const at = unitAt(body, node.range[0]);
    const indexes = at >= 0 ? [at] : (classes.find(({ classNode }) => classNode.range[0] <= node.range[0] && node.range[0] < classNode.range[1])?.members ?? []);
    return indexes.flatMap((index) => names.get(index) ?? []);
  };
}

/**
 * @param {UnitNames[]} units
 * @param {import('eslint').Scope.Reference} reference
 */
function addReference(units, reference) {
  for (const unit of units) {
    unit.uses.add(reference.identifier.name);
    // Assigning a module-level binding changes what every unit reading it sees.
    if (reference.isWrite()) unit.provides.add(reference.identifier.name);
  }
}
