import assert from 'node:assert/strict';
import { createLineIndex } from '../../extension/src/mapping/positions.js';
import { disableNextLineEdit } from '../../extension/src/mapping/disable-comment.js';

/** Applies a single-position insertion the way the editor would. */
function apply(/** @type {string} */ text, /** @type {import('../../extension/src/mapping/diagnostics.js').TextEdit} */ edit) {
  const index = createLineIndex(text);
  const at = index.positionToOffset(edit.range.start);
  return text.slice(0, at) + edit.newText + text.slice(index.positionToOffset(edit.range.end));
}

describe('extension: "Ignore this line" comment', () => {
  const rule = 'unblock/no-await-waterfall';

  it('inserts an eslint-disable-next-line comment above the line, with its indentation', () => {
    const text = 'async function f() {\n    const a = await x();\n}\n';
    const edit = disableNextLineEdit(createLineIndex(text), 1, rule, '\n');
    assert.equal(apply(text, edit), 'async function f() {\n    // eslint-disable-next-line unblock/no-await-waterfall\n    const a = await x();\n}\n');
  });

  it('uses the document line break and works on the first line', () => {
    const text = 'const a = await x();\r\nconst b = await y();\r\n';
    const edit = disableNextLineEdit(createLineIndex(text), 0, rule, '\r\n');
    assert.equal(apply(text, edit), '// eslint-disable-next-line unblock/no-await-waterfall\r\nconst a = await x();\r\nconst b = await y();\r\n');
  });

  it('appends the rule to a directive already on the line above, before its description', () => {
    const text = '  // eslint-disable-next-line no-console -- debugging\n  const a = await x();\n';
    const edit = disableNextLineEdit(createLineIndex(text), 1, rule, '\n');
    assert.equal(apply(text, edit), '  // eslint-disable-next-line no-console, unblock/no-await-waterfall -- debugging\n  const a = await x();\n');
    const plain = '// eslint-disable-next-line no-console   \nx();\n';
    assert.equal(apply(plain, disableNextLineEdit(createLineIndex(plain), 1, rule, '\n')), '// eslint-disable-next-line no-console, unblock/no-await-waterfall   \nx();\n');
  });

  it('returns nothing when the line is already ignored for that rule or for all rules', () => {
    const listed = '// eslint-disable-next-line unblock/no-await-waterfall\nconst a = await x();\n';
    assert.equal(disableNextLineEdit(createLineIndex(listed), 1, rule, '\n'), undefined);
    const bare = '// eslint-disable-next-line\nconst a = await x();\n';
    assert.equal(disableNextLineEdit(createLineIndex(bare), 1, rule, '\n'), undefined);
  });

  it('does not mistake other comments for a directive', () => {
    const text = '// eslint-disable-next-line-ish note\nconst a = await x();\n';
    const edit = disableNextLineEdit(createLineIndex(text), 1, rule, '\n');
    assert.equal(edit.range.start.line, 1);
    assert.equal(edit.newText, '// eslint-disable-next-line unblock/no-await-waterfall\n');
  });
});
