/**
 * One measured ESLint run of `npm run bench:lint`, in a process of its own: what CI pays is a
 * cold process (modules loaded, project index built once per run), so every
 * round starts from nothing instead of reusing the caches of the round before. Reads the run's
 * arguments as JSON on stdin and writes the LintRun as JSON on stdout.
 */
import { lintAll } from './eslint-runs.js';

// A run whose bench was killed ends too: orphaned, a 20,000-file lint would go on for minutes.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(1);
}, 1000).unref();

let input = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) input += chunk;
/** @type {any} */
let request;
try {
  request = JSON.parse(input);
} catch {
  // Its bench stopped while handing it the run (Ctrl-C): nothing to lint, and nothing to say at length.
  console.error(`lint-child: the run's arguments were cut short (${input.length} characters read); nothing linted`);
  process.exit(2);
}
const run = await lintAll(request);
process.stdout.write(JSON.stringify(run));
