// A stand-in for dist/lint-worker.js: answers each request with the document's name, except that
// the lint of a document named `slow*` never ends (a lint that loops forever, as a rule bug or a
// pathological file could make it).
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', (/** @type {{ id: number, op: string, args: any }} */ { id, op, args }) => {
  if (op === 'lint' && String(args.fileName).startsWith('slow')) {
    for (let spins = 0; spins >= 0; spins = (spins + 1) % 1e9);
  }
  parentPort?.postMessage({ id, value: op === 'forget' ? null : { linted: args.fileName } });
});
