/**
 * The plugin `npm run bench:lint` measures: by default the published bundle
 * (packages/eslint-plugin-unblock/dist/, which the npm script builds first), since that is what
 * users run and loading it is part of every lint's cost; UNBLOCK_BENCH_PLUGIN=sources measures the
 * sources instead. Child processes inherit the choice through the environment.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const pluginDir = new URL('../../packages/eslint-plugin-unblock/', import.meta.url);
const fromSources = process.env.UNBLOCK_BENCH_PLUGIN === 'sources';

const entryUrl = new URL(fromSources ? 'index.js' : 'dist/index.js', pluginDir);

/** The entry file measured (oxlint's `jsPlugins` takes a path). */
export const measuredPluginEntry = fileURLToPath(entryUrl);

if (!fs.existsSync(measuredPluginEntry)) {
  console.error(`bench:lint: ${measuredPluginEntry} is missing; run \`npm run build -w eslint-plugin-unblock\` (npm run bench:lint does).`);
  process.exit(2);
}

/** @type {import('eslint').ESLint.Plugin & { rules: Record<string, import('eslint').Rule.RuleModule> }} */
const plugin = (await import(entryUrl.href)).default;

/** One line for the report's header: which plugin, built when. */
export const measuredPluginLine = `plugin measured: ${fromSources ? 'its sources' : `the published bundle (dist/, built ${fs.statSync(measuredPluginEntry).mtime.toISOString()})`}`;

export default plugin;
