/**
 * Which strings put a question to a person (a barrier: nothing starts before
 * the answer), and that reading one takes time linear in its length.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { isQuestionToUser } from '../../rules/effects/user-questions.js';

describe('user questions', () => {
  for (const text of ['Delete it? [y/N] ', 'Continue? ', 'Sure? (y/n): ', '[y/n]:', 'Proceed [Y/n]', 'Really?']) {
    it(`a question: ${JSON.stringify(text)}`, () => assert.equal(isQuestionToUser(text), true));
  }

  // Found in real code (a monitoring server): 115 awaited queries whose SQL ends in a `?` placeholder
  // were taken for prompts, which made each of them a barrier.
  const placeholders = [
    'SELECT * FROM heartbeat WHERE monitor_id = ?',
    'UPDATE setting SET value = ? WHERE `key` = ?',
    ' monitor_id = ? ORDER BY time DESC LIMIT ?',
    'id IN (?, ?)',
    'status_page_id = ?',
  ];
  for (const text of placeholders) {
    it(`SQL with a placeholder asks nobody: ${JSON.stringify(text)}`, () => assert.equal(isQuestionToUser(text), false));
  }

  for (const text of ['/api/badge/:id/uptime/:duration?', 'https://example.test/send.php?', 'Delete (y/n)', 'Continue']) {
    it(`no question: ${JSON.stringify(text)}`, () => assert.equal(isQuestionToUser(text), false));
  }

  // Issue 25: the old pattern (three adjacent \s*) took 2.4 s on 2,000 characters and 20 s on 4,000.
  // Here 200,000-character inputs run in a child process; the timeout only catches a hang, and the
  // test asserts what the child answered.
  it('reads long adversarial inputs without hanging', () => {
    const script = `
      import { isQuestionToUser } from ${JSON.stringify(new URL('../../rules/effects/user-questions.js', import.meta.url).href)};
      const n = 200000;
      const inputs = ['Continue?' + ' '.repeat(n) + 'x', 'Continue?' + ' '.repeat(n), ' ?'.repeat(n / 2) + 'x?', 'SHOW ' + 'a_'.repeat(n / 2) + '?', '?' + ' '.repeat(n) + '?'];
      console.log(JSON.stringify(inputs.map((text) => isQuestionToUser(text))));
    `;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { timeout: 60_000, encoding: 'utf8' });
    assert.deepEqual(JSON.parse(output), [false, true, true, true, true]);
  });
});
