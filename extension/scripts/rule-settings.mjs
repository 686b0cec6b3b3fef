// The per-rule settings in the extension's manifest (`unblock.severity`, `unblock.ruleOptions`),
// written from the plugin's rule list: a manifest is static JSON, so it cannot read the list at
// run time. `npm run sync-rules -w extension` rewrites package.json; a unit test fails when the
// manifest and the plugin disagree, so a new rule cannot be forgotten here.
// Usage: node scripts/rule-settings.mjs [--check]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// A build script beside the repository: the plugin is the checkout's own (extension/ is a workspace of it).
import plugin from '../../packages/eslint-plugin-unblock/index.js';

const manifestPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'package.json');

const SEVERITY = {
  type: 'string',
  enum: ['error', 'warning', 'information', 'hint', 'off'],
  enumDescriptions: [
    'Error (red squiggle)',
    'Warning (yellow squiggle)',
    'Information (blue squiggle)',
    'Hint (dots, no entry in the Problems panel)',
    'Do not run the rule',
  ],
  default: 'warning',
};

/**
 * The two settings' `properties`, one entry per rule of the plugin.
 * @param {{ rules: Record<string, unknown> }} rulesOf
 */
export function ruleSettingProperties(rulesOf = plugin) {
  const ids = Object.keys(rulesOf.rules);
  return {
    severity: Object.fromEntries(ids.map((id) => [id, SEVERITY])),
    ruleOptions: Object.fromEntries(ids.map((id) => [id, { type: 'object' }])),
  };
}

/**
 * The manifest with its per-rule settings written from the plugin.
 * @param {any} manifest
 */
export function withRuleSettings(manifest) {
  const { severity, ruleOptions } = ruleSettingProperties();
  const settings = manifest.contributes.configuration.properties;
  settings['unblock.severity'].properties = severity;
  settings['unblock.ruleOptions'].properties = ruleOptions;
  return manifest;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const text = fs.readFileSync(manifestPath, 'utf8');
  const next = `${JSON.stringify(withRuleSettings(JSON.parse(text)), null, 2)}\n`;
  if (process.argv.includes('--check')) {
    if (next !== text) {
      console.error('extension/package.json: the per-rule settings differ from the plugin\'s rules; run npm run sync-rules -w extension');
      process.exit(1);
    }
  } else {
    fs.writeFileSync(manifestPath, next);
  }
}
