/**
 * What a kept fact notes of a class another module declares (rules/project/modules/class-reads.js):
 * the class's head through its name, and then either the members of one name (what resolving a method
 * up a class chain reads) or the whole body (anything that walks the member list). An edit to another
 * member keeps a read of one name, moving it with the code; an edit to the members read, a new member
 * of that name, or another head does not; nor does any edit once the body was walked.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { loadModule } from '../../../rules/project/modules/module-cache.js';
import { moduleOnDisk } from './module-on-disk.js';
import { valueOfExport } from '../../../rules/project/modules/module-values.js';
import { membersNamed } from '../../../rules/project/modules/class-reads.js';
import { recordingInputs } from '../../../rules/project/cache/inputs.js';
import { inputsHold, inputsNow } from '../../../rules/project/workspace/input-check.js';
import { movedKey } from '../../../rules/project/workspace/moved-keys.js';
import { isInput } from '../../../rules/project/cache/schemas/input.js';

const LEDGER = `export class Ledger extends Array {
  open(book) {
    return book.trim();
  }

  total(entries) {
    return entries.length;
  }
}
`;

describe('project cache: what a kept fact read of a class in another module', () => {
  const disk = moduleOnDisk('unblock-class-reads-', 'ledger.js', LEDGER);
  const write = disk.write;

  /**
   * Reads the class through its export, then what `read` reads of it.
   * @template T
   * @param {(classNode: any) => T} read
   */
  function readOfLedger(read) {
    return recordingInputs(() => {
      const view = loadModule(disk.file);
      const value = view && valueOfExport(view, 'Ledger');
      assert.equal(value?.type, 'class');
      return read(/** @type {any} */ (value).node);
    });
  }

  const readTotal = () => readOfLedger((classNode) => membersNamed(classNode, 'total'));

  it('notes the class\'s head and the members of the name read, not its whole text', () => {
    const { value, inputs } = readTotal();
    assert.equal(value.length, 1);
    assert.deepEqual([...new Set(inputs.map((input) => input[0]))].sort(), ['member', 'name', 'shape'], 'nothing read whole');
    const member = /** @type {any[]} */ (inputs.find((input) => input[0] === 'member'));
    assert.deepEqual(member.slice(3, 6), ['binding', 'Ledger', 'total']);
  });

  it('holds after an edit to another member, moved with the member read when it grew above it', () => {
    const { value, inputs } = readTotal();
    write(LEDGER.replace('return book.trim();', 'return book.trimEnd();'));
    const now = inputsNow(inputs);
    assert.ok(now, 'the same head and the same total()');
    const before = value[0].range[0];
    const grown = 'trimEnd()'.length - 'trim()'.length;
    assert.equal(movedKey(`${disk.file}#${before}`, now.moves), `${disk.file}#${before + grown}`, 'total() moved down');
    const view = loadModule(disk.file);
    const moved = view && valueOfExport(view, 'Ledger');
    assert.equal(/** @type {any} */ (moved).node.body.body[1].range[0], before + grown, 'where it now is');
    const classAt = LEDGER.indexOf('class');
    assert.equal(movedKey(`${disk.file}#${classAt}`, now.moves), `${disk.file}#${classAt}`, 'the class itself did not move');
    assert.equal(inputsHold(/** @type {NonNullable<typeof now>} */ (now).inputs), true);
  });

  it('does not hold when a member read changed, another of its name was added, or the head changed', () => {
    const edits = [
      LEDGER.replace('return entries.length;', 'return entries.length + 1;'),
      LEDGER.replace('  open(book) {', '  static total() {\n    return 0;\n  }\n\n  open(book) {'),
      LEDGER.replace('extends Array', 'extends Map'),
    ];
    for (const edit of edits) {
      const { inputs } = readTotal();
      write(edit);
      assert.equal(inputsNow(inputs), null, edit);
      write(LEDGER);
    }
  });

  it('notes the whole body for a walk of the member list, so that any edit of a member is a change', () => {
    const { value, inputs } = readOfLedger((classNode) => classNode.body.body.length);
    assert.equal(value, 2);
    const member = /** @type {any[]} */ (inputs.find((input) => input[0] === 'member'));
    assert.equal(member[5], null, 'the whole body');
    write(LEDGER.replace('return book.trim();', 'return book.trimEnd();'));
    assert.equal(inputsNow(inputs), null);
  });

  it('takes a member read it cannot use (written by hand, or by another version) for a miss, without throwing', () => {
    const { inputs } = readTotal();
    const member = /** @type {any[]} */ (inputs.find((input) => input[0] === 'member'));
    write(`// changed\n${LEDGER}`);
    for (const broken of [[...member.slice(0, 3), 'import', ...member.slice(4)], [...member.slice(0, 4), 'Missing', ...member.slice(5)], [...member.slice(0, 5), 7, ...member.slice(6)]]) {
      assert.equal(inputsNow([/** @type {any} */ (broken)]), null, JSON.stringify(broken.slice(3, 6)));
    }
    assert.ok(inputsNow([/** @type {any} */ (member)]), 'as written, it holds (moved)');
  });

  it('writes member reads the cache schema accepts, and the schema refuses one of another shape', () => {
    const { inputs } = readTotal();
    const member = /** @type {any[]} */ (inputs.find((input) => input[0] === 'member'));
    const root = path.dirname(disk.file);
    assert.equal(isInput(member, root), true);
    assert.equal(isInput(readOfLedger((classNode) => classNode.body.body).inputs.find((input) => input[0] === 'member'), root), true, 'the whole body (null)');
    for (const wrong of [member.slice(0, 7), [...member.slice(0, 5), 7, ...member.slice(6)], [...member.slice(0, 7), [1]], [...member.slice(0, 3), 'import', ...member.slice(4)]]) {
      assert.equal(isInput(wrong, root), false, JSON.stringify(wrong.slice(3)));
    }
    assert.equal(isInput(member, path.join(root, 'elsewhere')), false, 'a file outside the project');
  });
});
