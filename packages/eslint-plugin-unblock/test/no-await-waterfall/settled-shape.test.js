/**
 * mayHoldSettledGroup: the syntax-only test the waterfall rule asks of a statement list before it
 * builds a file's facts for "each await in its own try/catch". It must say yes wherever a settled
 * group could be found (a no there loses a report), and no for the common lone try around an await
 * (so such files cost no facts).
 */
import assert from 'node:assert/strict';
import { Linter } from 'eslint';
import { mayHoldSettledGroup } from '../../rules/no-await-waterfall/settled-shape.js';

/**
 * The statements of the body of the first function in `code`.
 * @param {string} code
 */
function bodyOf(code) {
  const linter = new Linter();
  assert.deepEqual(linter.verify(code, [{ languageOptions: { sourceType: 'module' } }]), []);
  const program = /** @type {any} */ (linter.getSourceCode().ast);
  return program.body[0].body.body;
}

describe('analysis: settled groups, the syntax-only test before the facts', () => {
  it('says yes for two tries side by side, each one expression statement with a catch', () => {
    assert.equal(mayHoldSettledGroup(bodyOf(`async function h(api) {
  let a, b;
  try { a = await api.getA(); } catch { a = null; }
  try { await api.touch(); } catch (error) { console.warn(error); }
  return a;
}`)), true);
  });

  it('says no for a lone try, tries apart, a finally, or a try block of two statements', () => {
    const cases = [
      // The usual shape of server code: one try around the awaits of a handler.
      `async function h(api) { try { await api.a(); } catch (e) { throw e; } }`,
      // A statement between the tries: members of a group are side by side.
      `async function h(api) { try { await api.a(); } catch {} log(); try { await api.b(); } catch {} }`,
      // A finally runs after each await, in order: not a member.
      `async function h(api) { try { await api.a(); } catch {} finally { done(); } try { await api.b(); } catch {} }`,
      // Two statements in the try block: not a member.
      `async function h(api) { try { await api.a(); await api.b(); } catch {} try { await api.c(); } catch {} }`,
      // No catch clause (a try/finally): not a member.
      `async function h(api) { try { await api.a(); } finally {} try { await api.b(); } catch {} }`,
    ];
    for (const code of cases) assert.equal(mayHoldSettledGroup(bodyOf(code)), false, code);
  });
});
