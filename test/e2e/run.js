// `npm run test:e2e`: installs the tools if needed (Chromium, Node 24, code-server), packages
// the extension, then runs the trusted and the Restricted Mode suites in real VS Code.
// Screenshots go to test-artifacts/. Exits non-zero when anything failed.
import { mkdir, rm } from 'node:fs/promises';
import { installE2eTools } from './install.js';
import { packageAndInstallExtension } from './package-extension.js';
import { runSession } from './run-session.js';
import { artifactsDir } from './paths.js';

const verbose = process.argv.includes('--verbose');
const only = process.argv.find((a) => a.startsWith('--suite='))?.slice('--suite='.length);

async function main() {
  const t0 = Date.now();
  await installE2eTools();
  // Screenshots from an earlier run must not pass for this run's.
  await rm(artifactsDir, { recursive: true, force: true });
  await mkdir(artifactsDir, { recursive: true });
  const { vsixPath, vsixBytes, extensionPath } = await packageAndInstallExtension();
  console.log(`[e2e] packaged ${vsixPath} (${(vsixBytes / 1024 / 1024).toFixed(2)} MB)`);

  let failed = 0;
  /** @type {Record<string, unknown>} */
  const measurements = { '.vsix size (MB)': Number((vsixBytes / 1024 / 1024).toFixed(2)) };
  for (const suite of /** @type {const} */ (['trusted', 'restricted'])) {
    if (only && only !== suite) continue;
    const started = Date.now();
    const session = await runSession({ suite, extensionPath, artifactsDir });
    console.log(`\n[e2e] ${suite} suite (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    for (const result of session.results) {
      console.log(`  ${result.state === 'passed' ? '✔' : '✘'} ${result.title}${result.ms ? ` (${result.ms} ms)` : ''}`);
      if (result.error) console.log(result.error.replace(/^/gm, '      '));
    }
    Object.assign(measurements, session.measurements);
    if (session.exitCode !== 0 || session.results.length === 0 || session.results.some((r) => r.state !== 'passed')) {
      failed++;
      console.log(`  the ${suite} suite failed (exit code ${session.exitCode}); log:`);
      for (const line of verbose ? session.log : session.log.slice(-60)) console.log(`    ${line}`);
    } else if (verbose) {
      for (const line of session.log) console.log(`    ${line}`);
    }
  }
  console.log('\n[e2e] measured:');
  for (const [key, value] of Object.entries(measurements)) console.log(`  ${key}: ${value}`);
  console.log(`[e2e] screenshots in ${artifactsDir}; total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (failed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(`[e2e] ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
});
