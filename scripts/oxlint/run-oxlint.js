/**
 * Runs the oxlint CLI with eslint-plugin-unblock loaded through `jsPlugins`, and returns its
 * reports in ESLint's shape. Used by `npm run bench:lint` (wall time next to ESLint) and by the
 * oxlint parity test. oxlint's own rules are all turned off: only the Unblock rules run.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const sourceEntry = fileURLToPath(new URL('../../packages/eslint-plugin-unblock/index.js', import.meta.url));

/**
 * @typedef {object} OxlintReport
 * @property {string} file absolute path
 * @property {string} ruleId e.g. `unblock/no-await-waterfall`
 * @property {string} message
 * @property {number} line 1-based
 * @property {number} column 1-based
 * @property {number} offset start offset of the report, as oxlint gives it
 */

/**
 * @typedef {object} OxlintOverride
 * @property {string[]} files globs relative to the config's folder
 * @property {Record<string, unknown>} rules
 */

/**
 * The oxlint config (`.oxlintrc.json` shape) that runs only the given Unblock rules.
 * @param {Record<string, unknown>} rules e.g. `{ 'unblock/no-await-waterfall': 'warn' }`
 * @param {OxlintOverride[]} [overrides]
 * @param {string} [pluginEntry] the plugin's entry file (default: its sources)
 */
export function oxlintConfig(rules, overrides = [], pluginEntry = sourceEntry) {
  return {
    // oxlint turns its "correctness" rules on by default; the comparison is about our rules only.
    categories: { correctness: 'off' },
    jsPlugins: [pluginEntry],
    rules,
    overrides,
  };
}

/** @returns {string} the oxlint CLI script (run with the current Node) */
export function oxlintBin() {
  return path.join(path.dirname(require.resolve('oxlint/package.json')), 'bin', 'oxlint');
}

/**
 * @param {object} args
 * @param {string[]} args.targets files or folders to lint
 * @param {string} args.cwd
 * @param {ReturnType<typeof oxlintConfig>} args.config
 * @param {string[]} [args.extraArgs] e.g. `['--fix-suggestions']`, `['--threads=1']`
 * @param {string} [args.configDir] where to write the config (its `overrides` globs are relative
 *   to it); by default a temporary folder, removed afterwards
 * @returns {Promise<{ reports: OxlintReport[], wallMs: number, files: number }>}
 */
export async function runOxlint({ targets, cwd, config, extraArgs = [], configDir: givenConfigDir }) {
  const configDir = givenConfigDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-oxlint-'));
  try {
    const configFile = path.join(configDir, '.oxlintrc.json');
    fs.writeFileSync(configFile, JSON.stringify(config));
    const args = [oxlintBin(), '-c', configFile, '--format', 'json', '--disable-nested-config', ...extraArgs, ...targets];
    const started = process.hrtime.bigint();
    const stdout = await new Promise((resolve, reject) => {
      // The timeout ends a hung oxlint (execFile kills it) instead of hanging the caller.
      execFile(process.execPath, args, { cwd, maxBuffer: 256 * 1024 * 1024, timeout: 15 * 60_000 }, (error, out, err) => {
        // Exit code 1 only means "found problems"; anything without JSON on stdout is a real failure.
        if (error && !out.trimStart().startsWith('{')) reject(new Error(`oxlint failed: ${err.trim() || error.message}`));
        else resolve(out);
      });
    });
    const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
    return { ...parseJsonOutput(stdout, cwd), wallMs };
  } finally {
    if (givenConfigDir) fs.rmSync(path.join(configDir, '.oxlintrc.json'), { force: true });
    else fs.rmSync(configDir, { recursive: true, force: true });
  }
}

/**
 * @param {string} stdout oxlint's `--format json` output
 * @param {string} cwd the folder oxlint ran in (its file names are relative to it)
 */
export function parseJsonOutput(stdout, cwd) {
  /** @type {{ diagnostics: Array<{ message: string, code: string, filename: string, labels: Array<{ span: { offset: number, length: number, line: number, column: number } }> }>, number_of_files: number }} */
  const output = JSON.parse(stdout);
  const reports = output.diagnostics.map((diagnostic) => {
    const span = diagnostic.labels[0]?.span;
    // "unblock(no-await-waterfall)" → "unblock/no-await-waterfall"
    // (parse errors and plugin failures come without a code: they never match an ESLint report)
    const ruleId = (diagnostic.code ?? '').replace(/^([^(]+)\((.+)\)$/, '$1/$2');
    return {
      file: path.resolve(cwd, diagnostic.filename),
      ruleId,
      message: diagnostic.message,
      line: span?.line ?? 0,
      column: span?.column ?? 0,
      offset: span?.offset ?? -1,
    };
  });
  return { reports, files: output.number_of_files };
}
