/**
 * Writing an observation to disk: the JSON report (`--json`) and `.unblock/observed.json`, which
 * the rules read back. Both hold the same object; its file names are relative to the project
 * root, which the file names relative to itself (`root`), so the rules find the files wherever the
 * observations are kept.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { observedFileIn } from 'eslint-plugin-unblock/tooling';

/**
 * Where the rules look by default: `.unblock/observed.json` next to the project's package.json.
 * @param {{ projectRoot: string }} observation
 */
export function defaultObservedFile(observation) {
  return observedFileIn(observation.projectRoot);
}

/**
 * The observation as written to `file`.
 * @param {import('./result.js').Observation} observation
 * @param {string} file
 */
export function observationJson(observation, file) {
  const { projectRoot, ...rest } = observation;
  const root = path.relative(path.dirname(path.resolve(file)), projectRoot).split(path.sep).join('/') || '.';
  return `${JSON.stringify({ ...rest, root }, null, 2)}\n`;
}

/**
 * Writes through a temporary file, so a linter reading meanwhile never sees half a file.
 * @param {import('./result.js').Observation} observation
 * @param {string} file
 */
export async function writeObservation(observation, file) {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, observationJson(observation, file));
  await rename(temporary, file);
}

/**
 * Observations of several fixtures of one project as one: a function counts as start-up only when
 * no fixture's server ran it while serving.
 * @param {import('./result.js').Observation[]} observations all with the same projectRoot
 * @returns {import('./result.js').Observation}
 */
export function mergeObservations(observations) {
  if (observations.length === 1) return observations[0];
  const served = observations.flatMap((o) => o.served);
  const servedAt = new Set(served.map((f) => `${f.file}:${f.line}:${f.name}`));
  const startupOnly = new Map();
  for (const f of observations.flatMap((o) => o.startupOnly)) {
    const key = `${f.file}:${f.line}:${f.name}`;
    if (!servedAt.has(key)) startupOnly.set(key, f);
  }
  const first = observations[0];
  return {
    ...first,
    fixture: { ...first.fixture, name: observations.map((o) => o.fixture.name).join(', ') },
    routes: observations.flatMap((o) => o.routes),
    findings: observations.flatMap((o) => o.findings).sort((a, b) => b.perRequestMs - a.perRequestMs),
    startupOnly: [...startupOnly.values()],
    served,
    unobserved: observations.flatMap((o) => o.unobserved),
    files: Object.assign({}, ...observations.map((o) => o.files)),
    notes: observations.flatMap((o) => o.notes),
  };
}
