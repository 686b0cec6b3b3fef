/**
 * The child of oxc-parser-depth.test.js: parses a generated TypeScript text, an array nested
 * `depth` deep (argv), with the editor's parser in a worker thread, as the editor's lint worker
 * does, and prints one JSON line: which parser took it, and the kind of error it threw (null: none).
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import ts from 'typescript';
import * as fallback from '@typescript-eslint/parser';
import { createOxcParser } from '../../../extension/src/lint/oxc-parser/index.js';

if (isMainThread) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { depth: Number(process.argv[2]) } });
  worker.on('message', (message) => process.stdout.write(`${JSON.stringify(message)}\n`));
} else {
  const parser = createOxcParser({ fallback, ts });
  const { depth } = workerData;
  const text = `export const tree: unknown = ${'['.repeat(depth)}${']'.repeat(depth)};\n`;
  /** @type {string | null} */
  let error = null;
  try {
    parser.parseForESLint(text, { sourceType: 'module', filePath: '/project/deep.ts', jsDocParsingMode: 'none' });
  } catch (caught) {
    error = caught instanceof Error ? caught.constructor.name : 'thrown';
  }
  parentPort?.postMessage({ path: parser.lastPath(), error });
}
