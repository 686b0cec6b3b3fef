// The bench bundle loads oxc-resolver, a native package, as it loads. When its binding cannot
// load, the extension showed the loader's own words ("npm has a bug related to optional
// dependencies… try `npm i` again"), which send a VS Code user the wrong way. It now says what
// failed, where, what still works and what to do, with the loader's attempts in the log.
import assert from 'node:assert/strict';
import { benchLoadError } from '../../extension/src/bench/load-error.js';

describe('extension: a bench runner that cannot load says why', () => {
  it('names the platform, what still works and what to do; the loader\'s attempts go to the details', () => {
    const error = new Error('Cannot find native binding. npm has a bug related to optional dependencies (https://github.com/npm/cli/issues/4828).');
    /** @type {any} */ (error).cause = Object.assign(new Error("Cannot find module '@oxc-resolver/binding-darwin-arm64'\nRequire stack:\n- /ext/dist/node_modules/oxc-resolver/index.js"), {
      cause: new Error("Cannot find module './resolver.darwin-arm64.node'"),
    });
    const failure = benchLoadError(error);
    assert.equal(failure.name, 'BenchError');
    assert.equal(failure.message, `the bench runner could not be loaded on ${process.platform}-${process.arch}, so benchmarking is unavailable (linting and quick fixes still work). Install the Unblock .vsix built for this platform.`);
    assert.equal(failure.details, [
      '  Cannot find native binding. npm has a bug related to optional dependencies (https://github.com/npm/cli/issues/4828).',
      "  Cannot find module '@oxc-resolver/binding-darwin-arm64'",
      "  Cannot find module './resolver.darwin-arm64.node'",
    ].join('\n'));
  });
});
