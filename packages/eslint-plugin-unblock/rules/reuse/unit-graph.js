/**
 * Which units an edit to one unit can change the reports of, from the names units share
 * (unit-names.js). A unit's reports read what it calls and uses, all the way down (a callee's
 * summary is read from its body, and from its callees'), and who calls it, all the way up (whether
 * a route or only start-up code reaches it). So an edited unit reaches:
 * - every unit it uses, and what those use in turn (their callers changed);
 * - every unit that uses it, and what uses those in turn (their callees changed).
 * A unit used by the edited one and by another does not reach that other: a callee's summary is
 * made from its own body, whoever calls it.
 *
 * Downward, what the edited unit changes is who calls its callees, and the rules read that from the
 * linted text in two places only: the start-up classifier (code-kind/startup-code.js) follows the
 * module-level bindings a function is called by within the file, and the caller index of a file
 * alone (no project index: an editor buffer outside any project) scans the linted tree. The project
 * index reads callers from the files on disk: an unsaved edit changes none of its answers, and a
 * save makes it again (lint-footprint.js then reuses nothing). So with a project index the edited
 * unit reaches downward only what it calls by a module-level name, not the methods and properties it
 * reaches by a property name (`this.load()`, `service.find()`), however many a class has.
 */

/** @typedef {import('./unit-names.js').UnitNames} UnitNames */

/**
 * @param {UnitNames[]} units every unit's names, the edited one's from before and after the edit merged
 * @param {number} edited its index
 * @param {{ propertyCallersFromText?: boolean }} [how] whether who calls a method is read from the linted
 *   text (true without a project index: see above)
 * @returns {Set<number>} the units whose reports may change, the edited one included
 */
export function unitsReachedFrom(units, edited, { propertyCallersFromText = true } = {}) {
  const provides = byName(units, 'provides');
  const defines = byName(units, 'defines');
  const uses = byName(units, 'uses');
  const reads = byName(units, 'reads');
  const down = closure(units, edited, (unit, add) => {
    for (const name of unit.uses) add(provides.get(name));
    if (propertyCallersFromText) for (const name of unit.reads) add(defines.get(name));
  });
  const up = closure(units, edited, (unit, add) => {
    for (const name of unit.provides) add(uses.get(name));
    for (const name of unit.defines) add(reads.get(name));
  });
  return new Set([...down, ...up]);
}

/**
 * @param {UnitNames[]} units
 * @param {keyof UnitNames} field
 * @returns {Map<string, number[]>}
 */
function byName(units, field) {
  /** @type {Map<string, number[]>} */
  const map = new Map();
  units.forEach((unit, at) => {
    for (const name of unit[field]) {
      const list = map.get(name);
      if (list) list.push(at);
      else map.set(name, [at]);
    }
  });
  return map;
}

/**
 * @param {UnitNames[]} units
 * @param {number} start
 * @param {(unit: UnitNames, add: (found: number[] | undefined) => void) => void} next
 */
function closure(units, start, next) {
  const reached = new Set([start]);
  const queue = [start];
  const add = (/** @type {number[] | undefined} */ found) => {
    for (const at of found ?? []) {
      if (reached.has(at)) continue;
      reached.add(at);
      queue.push(at);
    }
  };
  while (queue.length > 0) next(units[/** @type {number} */ (queue.pop())], add);
  return reached;
}
