/**
 * The edit bench:lint makes before a warm cache run (scripts/bench-lint/code-edit.js): a line of
 * code in the first function, not a comment at the end, which the cache now sees costs nothing to
 * its importers and would flatter the hard case.
 */
import assert from 'node:assert/strict';
import { parseSync } from 'oxc-parser';
import { editedText } from '../../scripts/bench-lint/code-edit.js';

describe('bench:lint: the edit before a warm cache run (scripts/bench-lint/code-edit.js)', () => {
  it('adds a line of code to the body of the first function, which moves the ones below', () => {
    const text = "const db = require('./db');\n\nexports.a = async function a() {\n  return db.get();\n};\n\nexports.b = () => {\n  return 2;\n};\n";
    const edited = editedText('m.js', text, 0);
    assert.equal(edited.slice(0, edited.indexOf('void 1;')), "const db = require('./db');\n\nexports.a = async function a() {\n");
    assert.ok(edited.endsWith("  return db.get();\n};\n\nexports.b = () => {\n  return 2;\n};\n"));
    assert.deepEqual(parseSync('m.js', edited).errors, []);
    assert.notEqual(editedText('m.js', text, 1), edited, 'each round makes another edit');
  });

  it('takes the first function by place, not the outermost, and a file without one gets the line at its end', () => {
    const nested = 'foo(() => {\n  bar();\n});\nfunction later() {}\n';
    assert.ok(editedText('n.js', nested, 0).startsWith('foo(() => {\nvoid 1;'));
    const flat = 'export const A = 1;\n';
    const edited = editedText('c.ts', flat, 2);
    assert.ok(edited.startsWith(flat) && edited.includes('void 3;'));
    assert.deepEqual(parseSync('c.ts', edited).errors, []);
  });
});
