/**
 * The blocking report says what a compression, a child process or a copy costs at the input and
 * options the code shows (#41, cost): per MB of input when the size is not known, the whole call
 * when it is (and a compressed literal is cheap: silent unless includeCheap), a floor for starting
 * a process, and no figure when an option the code hides may change it. Exact messages, so that the
 * cost clause sits where the sentence reads well.
 */
import assert from 'node:assert/strict';
import { lintWith } from '../support/apply-suggestions.js';

/**
 * The messages of the blocking reports in an Express route whose handler runs `statement`.
 * @param {string} statement
 * @param {{ imports?: string, options?: object }} [extra]
 */
function messagesFor(statement, { imports = `import zlib from 'node:zlib';`, options } = {}) {
  const code = `import express from 'express';
${imports}
const kiosk = express();
kiosk.post('/lantern', (req, res) => {
  ${statement}
});`;
  return lintWith(code, { rule: 'no-blocking-sync-call', options }).map((message) => message.message);
}

const ROUTE = '(reached from POST /lantern in input.js)';

describe('no-blocking-sync-call: what a compression, a child process or a copy costs', () => {
  it('gzipSync of a request body: its cost per MB of input', () => {
    assert.deepEqual(messagesFor('res.send(zlib.gzipSync(req.body));'), [
      `\`zlib.gzipSync()\` computes on the main thread (about 14 ms per MB of input) and stalls every other request ${ROUTE}; in an async function, use await promisify(zlib.gzip)(…).`,
    ]);
  });

  it('gzipSync of a string literal: cheap, so silent unless includeCheap, which says the whole call', () => {
    const statement = `res.send(zlib.gzipSync('{"lamps":"lit"}'));`;
    assert.deepEqual(messagesFor(statement), []);
    assert.deepEqual(messagesFor(statement, { options: { includeCheap: true } }), [
      `\`zlib.gzipSync()\` computes on the main thread (15 bytes at level 6: about 0.02 ms per call) and stalls every other request ${ROUTE}; in an async function, use await promisify(zlib.gzip)(…).`,
    ]);
  });

  it('brotliCompressSync at its default quality: the slow figure, and a quality that is not', () => {
    assert.deepEqual(messagesFor('res.send(zlib.brotliCompressSync(req.body));'), [
      `\`zlib.brotliCompressSync()\` computes on the main thread (quality 11, brotli's default: about 3.1 s per MB of input; quality 4 takes about 29 ms) and stalls every other request ${ROUTE}; in an async function, use await promisify(zlib.brotliCompress)(…).`,
    ]);
  });

  it('options the code writes out change the figure', () => {
    assert.deepEqual(messagesFor('res.send(zlib.gzipSync(req.body, { level: 1 }));'), [
      `\`zlib.gzipSync()\` computes on the main thread (level 1: about 5 ms per MB of input) and stalls every other request ${ROUTE}; in an async function, use await promisify(zlib.gzip)(…).`,
    ]);
    assert.deepEqual(messagesFor('res.send(zlib.brotliCompressSync(req.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }));'), [
      `\`zlib.brotliCompressSync()\` computes on the main thread (quality 4: about 29 ms per MB of input) and stalls every other request ${ROUTE}; in an async function, use await promisify(zlib.brotliCompress)(…).`,
    ]);
  });

  it('options it cannot read: no figure', () => {
    assert.deepEqual(messagesFor('res.send(zlib.gzipSync(req.body, req.app.locals.gzipOptions));'), [
      `\`zlib.gzipSync()\` computes on the main thread and stalls every other request ${ROUTE}; in an async function, use await promisify(zlib.gzip)(…).`,
    ]);
  });

  it('gunzipSync of a request body: per MB of output', () => {
    assert.deepEqual(messagesFor('res.send(zlib.gunzipSync(req.body));'), [
      `\`zlib.gunzipSync()\` computes on the main thread (about 2 ms per MB of output) and stalls every other request ${ROUTE}; in an async function, use await promisify(zlib.gunzip)(…).`,
    ]);
  });

  it('execSync in a request handler: the fixed cost of a shell and a process, in one aside with the route', () => {
    assert.deepEqual(messagesFor(`res.send(execSync('uptime'));`, { imports: `import { execSync } from 'node:child_process';` }), [
      '`execSync()` blocks the main thread until the child exits (starting a shell and a process: at least 2 ms per call, plus whatever the command does; reached from POST /lantern in input.js); in an async function, use await promisify(child_process.exec)(…) and its stdout.',
    ]);
  });

  it('spawnSync of Node itself: the floor of starting Node', () => {
    assert.deepEqual(messagesFor(`spawnSync(process.execPath, ['render.js', req.body.page]); res.end();`, { imports: `import { spawnSync } from 'node:child_process';` }), [
      "`spawnSync()` blocks the main thread until the child exits (starting Node: at least 36 ms per call, plus whatever the command does; reached from POST /lantern in input.js); use child_process.spawn(…) and its 'close' event instead.",
    ]);
  });

  it('copyFileSync of a path the request chooses: its cost per MB copied', () => {
    assert.deepEqual(messagesFor(`fs.copyFileSync(req.body.from, '/srv/lantern/' + req.body.to); res.end();`, { imports: `import fs from 'node:fs';` }), [
      `\`fs.copyFileSync()\` waits for the disk on the main thread (about 1 ms per MB copied) and stalls every other request ${ROUTE}; in an async function, use await fs.promises.copyFile(…).`,
    ]);
  });
});
