/** Where each rule's documentation page lives (shown by editors and `eslint --format`). */
const REPOSITORY = 'https://github.com/unblock-dev/eslint-plugin-unblock';

/** @param {string} ruleId rule id without the `unblock/` prefix */
export function docsUrl(ruleId) {
  return `${REPOSITORY}/blob/main/docs/rules/${ruleId}.md`;
}
