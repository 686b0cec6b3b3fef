import { createRequire } from 'node:module';

/** Where each rule's documentation page lives (shown by editors and `eslint --format`). */
const REPOSITORY = 'https://github.com/unblock-dev/eslint-plugin-unblock';

/** @type {{ version: string }} */
const { version } = createRequire(import.meta.url)('../../package.json');

/**
 * The page as released with this version of the plugin: a link from a warning must describe the
 * rule the user runs, not whatever `main` says today.
 * @param {string} ruleId rule id without the `unblock/` prefix
 */
export function docsUrl(ruleId) {
  return `${REPOSITORY}/blob/v${version}/docs/rules/${ruleId}.md`;
}
