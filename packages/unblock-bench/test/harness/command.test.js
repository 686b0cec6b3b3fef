import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runFunctionCommand } from '../../harness/index.js';

const refusals = path.relative(process.cwd(), fileURLToPath(new URL('./fixtures/refusals.js', import.meta.url)));

describe('function harness: the --function command', () => {
  it('prints the refusal and exits 1 without starting anything', async () => {
    const { text, exitCode, result } = await runFunctionCommand({ spec: `${refusals}:28`, latency: 'io:5' });
    assert.equal(exitCode, 1);
    assert.equal(result.status, 'refused');
    assert.equal(text, `cannot benchmark plainThis (${refusals}:28): the function uses \`this\` (line 28) outside a class method, so the harness cannot know what it refers to\n`);
  });

  it('rejects a malformed spec or latency model with a clear error', async () => {
    await assert.rejects(() => runFunctionCommand({ spec: 'file.js' }), /--function expects path\/to\/file\.js:LINE \(got "file\.js"\)/);
    await assert.rejects(() => runFunctionCommand({ spec: 'file.js:3', latency: 'slow' }), /latency model "slow" is neither io:<ms>, threadpool:<ms> nor JSON/);
  });
});
