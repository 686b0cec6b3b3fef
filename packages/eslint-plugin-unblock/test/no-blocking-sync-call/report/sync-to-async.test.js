import assert from 'node:assert/strict';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { findBlockingCalls } from '../../../rules/no-blocking-sync-call/node-module-tracker.js';
import { buildSyncToAsyncFix } from '../../../rules/no-blocking-sync-call/report/sync-to-async.js';
import { moduleStyle } from '../../../rules/rewrite/module-imports.js';

/**
 * Applies the rewrite of every blocking call in `code` (no reporting policy:
 * start-up code and cheap calls are rewritten too) and returns the results,
 * `null` where the builder declined.
 * @param {string} code
 * @param {{ ts?: boolean, sourceType?: 'module' | 'script' | 'commonjs' }} [options]
 * @returns {Array<string | null>}
 */
function rewrites(code, { ts = false, sourceType = 'module' } = {}) {
  /** @type {Array<string | null>} */
  const results = [];
  /** @type {any} */
  let style = null;
  const probe = {
    meta: { fixable: 'code' },
    create(/** @type {any} */ context) {
      const dynamicImports = [];
      const importEquals = [];
      return {
        ImportExpression: (/** @type {any} */ n) => dynamicImports.push(n),
        TSImportEqualsDeclaration: (/** @type {any} */ n) => importEquals.push(n),
        'Program:exit'() {
          style = moduleStyle(context.sourceCode);
          const calls = findBlockingCalls(context.sourceCode, { modules: ['crypto', 'zlib', 'fs', 'child_process'], dynamicImports, importEquals });
          for (const { node, api, moduleId } of calls) {
            const rewrite = buildSyncToAsyncFix(context.sourceCode, node, api, moduleId);
            if (!rewrite) {
              results.push(null);
              continue;
            }
            context.report({ node, message: rewrite.preview, fix: rewrite.fix });
          }
        },
      };
    },
  };
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*', '**/*.ts'],
        plugins: { probe: { rules: { rewrite: /** @type {any} */ (probe) } } },
        rules: { 'probe/rewrite': 'error' },
        languageOptions: { sourceType, ...(ts ? { parser: tsParser } : {}) },
      },
    ],
    ts ? 'file.ts' : 'file.js',
  );
  for (const message of messages) {
    assert.ok(message.fix, `unexpected message: ${message.message}`);
    results.push(code.slice(0, message.fix.range[0]) + message.fix.text + code.slice(message.fix.range[1]));
  }
  rewrites.lastStyle = style;
  return results;
}
/** @type {any} */
rewrites.lastStyle = null;

describe('fix/sync-to-async', () => {
  describe('where `await` is allowed', () => {
    it('rewrites only inside the body of an async function', () => {
      assert.deepEqual(rewrites(`import fs from 'fs'; function f(p) { return fs.readFileSync(p); }`), [null]);
      assert.deepEqual(rewrites(`import fs from 'fs'; async function f(p = fs.readFileSync('x')) {}`), [null]);
      assert.deepEqual(rewrites(`import fs from 'fs'; async function f(p) { [p].map((x) => fs.readFileSync(x)); }`), [null]);
      assert.deepEqual(rewrites(`import fs from 'fs'; async function f() { class A { static { fs.readFileSync('x'); } } }`), [null]);
      assert.deepEqual(rewrites(`import fs from 'fs'; const x = fs.readFileSync('x');`), [null]);
    });

    it('declines optional calls, whose short-circuit an await would change', () => {
      assert.deepEqual(rewrites(`import fs from 'fs'; async function f(p) { return fs?.readFileSync(p); }`), [null]);
      assert.deepEqual(rewrites(`import fs from 'fs'; async function f(p) { return fs.readFileSync?.(p); }`), [null]);
    });
  });

  describe('precedence', () => {
    const cases = [
      ['const a = fs.readFileSync(p);', 'const a = await fs.promises.readFile(p);'],
      ['return fs.readFileSync(p).length;', 'return (await fs.promises.readFile(p)).length;'],
      ['return !fs.statSync(p);', 'return !(await fs.promises.stat(p));'],
      ['return fs.statSync(p) ** 2;', 'return (await fs.promises.stat(p)) ** 2;'],
      ['return 2 ** fs.statSync(p);', 'return 2 ** await fs.promises.stat(p);'],
      ['return [fs.readFileSync(p), { a: fs.readFileSync(p) }];', null],
      ['return `${fs.readFileSync(p)}`;', 'return `${await fs.promises.readFile(p)}`;'],
      ['new (fs.readFileSync(p))();', 'new ((await fs.promises.readFile(p)))();'],
    ];
    for (const [body, expected] of cases) {
      it(body, () => {
        const code = `import fs from 'fs'; export async function f(p) { ${body} }`;
        const results = rewrites(code);
        if (expected === null) {
          assert.deepEqual(results, [
            code.replace('[fs.readFileSync(p)', '[await fs.promises.readFile(p)'),
            code.replace('a: fs.readFileSync(p)', 'a: await fs.promises.readFile(p)'),
          ]);
        } else {
          assert.deepEqual(results, [`import fs from 'fs'; export async function f(p) { ${expected} }`]);
        }
      });
    }

    it('keeps TypeScript wrappers valid', () => {
      const code = `import fs from 'fs'; export async function f(p: string) { return (fs.readFileSync as any)(p) satisfies unknown; }`;
      assert.deepEqual(rewrites(code, { ts: true }), [
        `import fs from 'fs'; export async function f(p: string) { return await fs.promises.readFile(p) satisfies unknown; }`,
      ]);
    });

    it('keeps parentheses around a parenthesised module object', () => {
      const code = `export async function f(p) { return (await import('fs')).statSync(p); }`;
      assert.deepEqual(rewrites(code), [`export async function f(p) { return await (await import('fs')).promises.stat(p); }`]);
    });
  });

  describe('which async API', () => {
    it('promisifies fd-based fs calls, whose fs/promises twins take FileHandles', () => {
      const code = `import fs from 'fs';\nexport async function f(p) { const fd = fs.openSync(p); fs.closeSync(fd); }`;
      assert.deepEqual(rewrites(code), [
        `import fs from 'fs';\nimport { promisify } from 'util';\nexport async function f(p) { const fd = await promisify(fs.open)(p); fs.closeSync(fd); }`,
        `import fs from 'fs';\nimport { promisify } from 'util';\nexport async function f(p) { const fd = fs.openSync(p); await promisify(fs.close)(fd); }`,
      ]);
    });

    it('gives no rewrite where the async result differs (readSync, spawnSync, existsSync)', () => {
      const code = `import fs from 'fs'; import cp from 'child_process';
export async function f(fd, b) { fs.readSync(fd, b); fs.existsSync('x'); cp.spawnSync('ls'); }`;
      assert.deepEqual(rewrites(code), [null, null, null]);
    });

    it('reuses fs.promises, fs/promises namespaces and util namespaces already in the file', () => {
      assert.deepEqual(
        rewrites(`import { promises as fsp, statSync } from 'fs';\nexport async function f(p) { return statSync(p); }`),
        [`import { promises as fsp, statSync } from 'fs';\nexport async function f(p) { return await fsp.stat(p); }`],
      );
      assert.deepEqual(
        rewrites(`import * as fsp from 'node:fs/promises';\nimport { statSync } from 'node:fs';\nexport async function f(p) { return statSync(p); }`),
        [`import * as fsp from 'node:fs/promises';\nimport { statSync } from 'node:fs';\nexport async function f(p) { return await fsp.stat(p); }`],
      );
      assert.deepEqual(
        rewrites(`import * as util from 'node:util';\nimport * as crypto from 'node:crypto';\nexport async function f() { return crypto.scryptSync('a', 'b', 16); }`),
        [`import * as util from 'node:util';\nimport * as crypto from 'node:crypto';\nexport async function f() { return await util.promisify(crypto.scrypt)('a', 'b', 16); }`],
      );
    });

    it('declines when the name it would import is taken or shadowed', () => {
      assert.deepEqual(rewrites(`import { readFileSync } from 'fs';\nconst readFile = 1;\nexport async function f(p) { return readFileSync(p); }`), [null]);
      assert.deepEqual(
        rewrites(`import crypto from 'crypto';\nexport async function f(promisify) { return crypto.scryptSync('a', 'b', 16); }`),
        [null],
      );
      // A shadowed import cannot be reused, and the name is not free for a new one either.
      assert.deepEqual(
        rewrites(`import { promisify } from 'util';\nimport crypto from 'crypto';\nexport async function f() { const promisify = 1; return crypto.scryptSync('a', 'b', 16); }`),
        [null],
      );
    });
  });

  describe('child_process keeps the sync return value: stdout, as a Buffer unless an encoding is set', () => {
    const base = `import { execFileSync, execSync } from 'child_process';\nimport { promisify } from 'util';\n`;
    const cases = [
      [`execFileSync('ls')`, `(await promisify(execFile)('ls', { encoding: 'buffer' })).stdout`, 'execFile'],
      [`execFileSync('ls', ['-l'])`, `(await promisify(execFile)('ls', ['-l'], { encoding: 'buffer' })).stdout`, 'execFile'],
      [`execFileSync('ls', { cwd: '/' })`, `(await promisify(execFile)('ls', { encoding: 'buffer', cwd: '/' })).stdout`, 'execFile'],
      [`execFileSync('ls', ['-l'], { encoding: 'latin1' })`, `(await promisify(execFile)('ls', ['-l'], { encoding: 'latin1' })).stdout`, 'execFile'],
      [`execSync('ls')`, `(await promisify(exec)('ls', { encoding: 'buffer' })).stdout`, 'exec'],
      [`execSync('ls', {})`, `(await promisify(exec)('ls', { encoding: 'buffer' })).stdout`, 'exec'],
    ];
    for (const [call, expected, imported] of cases) {
      it(call, () => {
        const code = `${base}export async function f() { return ${call}; }`;
        // The sync import had this one use, so the async function takes its place.
        const header = base.replace(`${imported}Sync`, imported);
        assert.deepEqual(rewrites(code), [`${header}export async function f() { return ${expected}; }`]);
      });
    }

    it('declines options it cannot see through or that only the sync form supports', () => {
      for (const call of [`execSync('cat', { input: 'x' })`, `execSync('ls', opts)`, `execFileSync('ls', args)`, `execSync('ls', { ...opts })`, `execSync(...args)`]) {
        assert.deepEqual(rewrites(`${base}export async function f(opts, args) { return ${call}; }`), [null], call);
      }
    });
  });

  describe('adding imports in the file style', () => {
    it('replaces a named import whose only use is the rewritten call, and joins the list otherwise', () => {
      assert.deepEqual(rewrites(`import { gzipSync as gz } from 'zlib';\nimport { promisify } from 'util';\nexport async function f(b) { return gz(b); }`), [
        `import { gzip } from 'zlib';\nimport { promisify } from 'util';\nexport async function f(b) { return await promisify(gzip)(b); }`,
      ]);
      const twice = `import { gzipSync } from 'zlib';\nimport { promisify } from 'util';\nexport async function f(b) { return [gzipSync(b), gzipSync(b)]; }`;
      assert.deepEqual(rewrites(twice), [
        `import { gzipSync, gzip } from 'zlib';\nimport { promisify } from 'util';\nexport async function f(b) { return [await promisify(gzip)(b), gzipSync(b)]; }`,
        `import { gzipSync, gzip } from 'zlib';\nimport { promisify } from 'util';\nexport async function f(b) { return [gzipSync(b), await promisify(gzip)(b)]; }`,
      ]);
    });

    it('uses require in CommonJS, after the last require, with the file quotes and semicolons', () => {
      const code = `"use strict"\nconst zlib = require("node:zlib")\nconst x = 1\nmodule.exports = async (b) => zlib.gzipSync(b)`;
      assert.deepEqual(rewrites(code, { sourceType: 'commonjs' }), [
        `"use strict"\nconst zlib = require("node:zlib")\nconst { promisify } = require("node:util")\nconst x = 1\nmodule.exports = async (b) => await promisify(zlib.gzip)(b)`,
      ]);
      assert.equal(rewrites.lastStyle, 'cjs');
    });

    it('keeps "use strict" first when the file has no require declaration to follow', () => {
      const code = `'use strict';\nexports.f = async (b) => require('zlib').gzipSync(b);`;
      assert.deepEqual(rewrites(code, { sourceType: 'commonjs' }), [
        `'use strict';\nconst { promisify } = require('util');\nexports.f = async (b) => await promisify(require('zlib').gzip)(b);`,
      ]);
    });

    it('keeps CRLF line endings', () => {
      const code = `import zlib from 'zlib';\r\nexport const f = async (b) => zlib.gzipSync(b);\r\n`;
      assert.deepEqual(rewrites(code), [
        `import zlib from 'zlib';\r\nimport { promisify } from 'util';\r\nexport const f = async (b) => await promisify(zlib.gzip)(b);\r\n`,
      ]);
    });

    it('imports in an ES module without static imports', () => {
      const code = `export async function f(p) {\n  const { readFileSync } = await import('node:fs');\n  return readFileSync(p);\n}`;
      assert.deepEqual(rewrites(code), [`import { readFile } from 'node:fs/promises';\n${code.replace('return readFileSync(p)', 'return await readFile(p)')}`]);
      assert.equal(rewrites.lastStyle, 'esm');
    });
  });
});
