/**
 * What a kept fact notes of the modules it read (rules/project/modules/module-reads.js) and when that
 * still holds after an edit (input-check.js): the names it looked up, with the text and place of what
 * they stood for, not the module's whole text. An edit elsewhere in the module keeps the fact; an
 * edit above what it read keeps it with its keys moved (moved-keys.js); an edit to what it read, or a
 * name it found missing now there, does not.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadModule } from '../../../rules/project/modules/module-cache.js';
import { moduleOnDisk } from './module-on-disk.js';
import { valueOfExport } from '../../../rules/project/modules/module-values.js';
import { recordingInputs } from '../../../rules/project/cache/inputs.js';
import { inputsHold, inputsNow } from '../../../rules/project/workspace/input-check.js';
import { movedKey, namesPlaceIn } from '../../../rules/project/workspace/moved-keys.js';
import { callAt } from '../../../rules/project/callers/call-sites.js';
import { modulesInFolder } from '../../../rules/project/modules/folder-modules.js';

const HELPERS = `export function first(a) {
  return a + 1;
}

export function second(b) {
  return b * 2;
}
`;

describe('project cache: what a kept fact read of other modules', () => {
  const disk = moduleOnDisk('unblock-module-reads-', 'helpers.js', HELPERS);
  const write = disk.write;

  /** What reading one export of helpers.js notes: the fact a scan that calls `second` would keep. */
  function readSecond() {
    return recordingInputs(() => {
      const view = loadModule(disk.file);
      return view && valueOfExport(view, 'second');
    });
  }

  it('notes the names looked up and how the module exports, not its whole text', () => {
    const { value, inputs } = readSecond();
    assert.equal(value?.type, 'function');
    const kinds = inputs.map((input) => input[0]);
    assert.ok(kinds.includes('name') && kinds.includes('shape'), JSON.stringify(kinds));
    assert.ok(!kinds.includes('module'), 'nothing read the whole module');
  });

  it('holds after an edit to another function of the module', () => {
    const { inputs } = readSecond();
    // As long: nothing moved (a longer edit above moves the function read; see below).
    write(HELPERS.replace('return a + 1;', 'return a - 1;'));
    assert.equal(inputsHold(inputs), true);
  });

  it('holds after a function is added below, and after a comment', () => {
    const { inputs } = readSecond();
    write(`${HELPERS}\n// a comment\nexport function third() {\n  return 3;\n}\n`);
    assert.equal(inputsHold(inputs), true);
  });

  it('does not hold when the function read changed', () => {
    const { inputs } = readSecond();
    write(HELPERS.replace('return b * 2;', 'return b * 3;'));
    assert.equal(inputsNow(inputs), null);
  });

  it('does not hold when the module no longer parses', () => {
    const { inputs } = readSecond();
    write(`${HELPERS}\nexport function (\n`);
    assert.equal(inputsNow(inputs), null);
  });

  it('moves with the function read when lines are added above it', () => {
    const { value, inputs } = readSecond();
    const before = value?.type === 'function' ? value.fn.range[0] : -1;
    write(`// two lines\n// above\n${HELPERS}`);
    assert.equal(inputsHold(inputs), false, 'not as it was: its key names another place now');
    const now = inputsNow(inputs);
    assert.ok(now, 'the same code, moved');
    const key = movedKey(`${disk.file}#${before}`, now.moves);
    assert.equal(key, `${disk.file}#${before + '// two lines\n// above\n'.length}`);
    const moved = loadModule(disk.file);
    const found = moved && valueOfExport(moved, 'second');
    assert.equal(key, `${disk.file}#${found?.type === 'function' ? found.fn.range[0] : -1}`, 'where the function now is');
    assert.equal(movedKey(`${disk.file}#0`, now.moves), null, 'a place in the module no read covered cannot be moved');
    assert.equal(inputsHold(/** @type {NonNullable<typeof now>} */ (now).inputs), true, 'the inputs as they read now hold as they are');
  });

  it('does not hold when a name it found missing is there now', () => {
    const { value, inputs } = recordingInputs(() => {
      const view = loadModule(disk.file);
      return view && valueOfExport(view, 'third');
    });
    assert.equal(value, null);
    write(`${HELPERS}export const third = () => 3;\n`);
    assert.equal(inputsNow(inputs), null);
  });

  it('takes a kept read it cannot use (an entry edited by hand, or by another version) for a miss, without throwing', () => {
    const { inputs } = readSecond();
    const name = /** @type {any[]} */ (inputs.find((input) => input[0] === 'name'));
    write(`// changed\n${HELPERS}`);
    for (const broken of [[...name.slice(0, 3), 'import', ...name.slice(4)], [...name.slice(0, 6), 5], [...name.slice(0, 6), ['a', 'b']], name.slice(0, 4)]) {
      assert.equal(inputsNow([/** @type {any} */ (broken)]), null, JSON.stringify(broken.slice(3)));
    }
    assert.ok(inputsNow([/** @type {any} */ (name)]), 'as written, it holds (moved)');
  });

  it('notes the whole module for a call found in it, also when its calls were walked before', () => {
    // The calls of a module are walked once and kept per tree (call-sites.js callsIn): work recorded
    // later that finds them kept (a kept call site asked for its call) still read the whole module.
    write(`${HELPERS}export function third() {\n  return first(1) + second(2);\n}\n`);
    const view = loadModule(disk.file);
    const at = HELPERS.length + 'export function third() {\n  return '.length;
    const range = /** @type {[number, number]} */ ([at, at + 'first(1)'.length]);
    assert.ok(view && callAt(view, range), 'walked outside any recording');
    const { value, inputs } = recordingInputs(() => callAt(view, range));
    assert.ok(value);
    assert.ok(inputs.some((input) => input[0] === 'module' && input[1] === disk.file), JSON.stringify(inputs));
  });
});

describe('project cache: moving kept keys', () => {
  const moves = new Map([['/p/a.js', /** @type {Array<[number, number, number]>} */ ([[10, 50, 7], [60, 90, 0]])], ['/p/b.js', []]]);

  it('moves a key inside a node read by how far that node moved, and leaves other modules\' keys alone', () => {
    assert.equal(movedKey('/p/a.js#10', moves), '/p/a.js#17');
    assert.equal(movedKey('/p/a.js#49', moves), '/p/a.js#56');
    assert.equal(movedKey('/p/a.js#60', moves), '/p/a.js#60');
    assert.equal(movedKey('/p/c.js#12', moves), '/p/c.js#12');
  });

  it('gives up on a key in a changed module that no read covers, or that two reads moved apart', () => {
    assert.equal(movedKey('/p/a.js#55', moves), null);
    assert.equal(movedKey('/p/b.js#3', moves), null, 'b.js changed, and nothing read in it covers the key');
    const apart = new Map([['/p/a.js', /** @type {Array<[number, number, number]>} */ ([[10, 50, 7], [20, 30, 400]])]]);
    assert.equal(movedKey('/p/a.js#25', apart), null);
    assert.equal(movedKey('/p/a.js#12', apart), '/p/a.js#19');
  });

  it('tells a text that names a place in a changed module from one that names a resource there', () => {
    assert.equal(namesPlaceIn('["state:/p/a.js#users"]', moves), false);
    assert.equal(namesPlaceIn('["fn /p/a.js#12"]', moves), true);
    assert.equal(namesPlaceIn('["fn /p/c.js#12"]', moves), false);
  });
});

describe('project cache: a folder of providers as an input', () => {
  it('holds while the folder holds the same modules, and not once one is added', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-folder-input-'));
    try {
      fs.writeFileSync(path.join(folder, 'disk.js'), 'exports.keep = () => {};\n');
      fs.writeFileSync(path.join(folder, 'notes.md'), 'not a module\n');
      const { value, inputs } = recordingInputs(() => modulesInFolder(folder));
      assert.deepEqual(value, ['disk.js']);
      assert.deepEqual(inputs, [['folder', folder, 'disk.js']]);
      assert.equal(inputsHold(inputs), true);
      fs.writeFileSync(path.join(folder, 'bucket.js'), 'exports.keep = () => {};\n');
      assert.equal(inputsHold(inputs), false);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
