// End-to-end suite in Restricted Mode (Workspace Trust on, folder not trusted): linting still
// works, benchmarking refuses with a clear message.
const assert = require('node:assert/strict');
const vscode = require('vscode');
const { describe, it } = require('mocha');
const h = require('./helpers.cjs');

describe('Unblock in Restricted Mode', function () {
  this.timeout(60_000);

  it('activates on a TypeScript file and still lints it', async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'the folder opened in Restricted Mode');
    const ext = h.extension();
    assert.equal(ext.isActive, false);
    const uri = h.fileUri('waterfall.ts');
    await h.open('waterfall.ts');
    await h.waitFor(() => ext.isActive, 15_000, 'activation');
    const [diagnostic] = await h.waitFor(() => h.unblockDiagnostics(uri).length && h.unblockDiagnostics(uri), 15_000, 'diagnostics');
    assert.equal(h.ruleOf(diagnostic), 'unblock/no-await-waterfall');
    /** @type {vscode.CodeLens[]} */
    const lenses = await vscode.commands.executeCommand('vscode.executeCodeLensProvider', uri);
    const titles = lenses.filter((l) => l.command && /^unblock\./.test(l.command.command)).map((l) => l.command.title);
    assert.deepEqual(titles, ['2 awaits could run together'], 'no Benchmark or Measure lens in Restricted Mode');
    // The lens as the editor renders it, not only as the provider returns it.
    const rendered = await h.ask('wait-selector', { selector: '.codelens-decoration', text: '2 awaits could run together' });
    assert.doesNotMatch(rendered.join(' '), /Benchmark/);
  });

  it('refuses to benchmark, saying why, and opens no report', async () => {
    const outcome = await vscode.commands.executeCommand('unblock.benchmarkFixture', { fixture: 'io-six-upstream' });
    assert.equal(outcome.status, 'refused');
    assert.match(outcome.message, /disabled in Restricted Mode/);
    const fn = await vscode.commands.executeCommand('unblock.benchmarkFunction', h.fileUri('handler.js'), new vscode.Position(3, 4), { latencyModel: { kind: 'io', ms: 10 } });
    assert.equal(fn.status, 'refused');
    await vscode.commands.executeCommand('notifications.showList');
    const messages = await h.ask('wait-selector', { selector: '.notifications-list-container .notification-list-item-message', text: 'Restricted Mode' });
    assert.ok(messages.some((m) => /disabled in Restricted Mode/.test(m)), `the refusal is shown to the user: ${messages.join(' | ')}`);
    await h.screenshot('restricted-mode-refusal');
    const webviews = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview);
    assert.equal(webviews.length, 0);
  });
});
