/**
 * The options both waterfall rules share: how calls are classified, and
 * which files are not on a request path. One schema, one set of defaults.
 */
import { testFileGlobs } from '../project/workspace/file-globs.js';

const stringList = { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true };

/** JSON-schema properties, spread into each rule's options object schema. */
export const analysisOptionProperties = {
  orderedCallees: {
    ...stringList,
    description: 'Callees whose calls must keep their place in time, by name (`audit`) or path (`audit.log`).',
  },
  readVerbs: { ...stringList, description: 'Extra verbs or method names that only read.' },
  writeVerbs: { ...stringList, description: 'Extra verbs or method names that change state.' },
  ignoreFiles: { ...stringList, description: 'Globs of files not on a request path (default: test files).' },
  includeOneOffCode: {
    type: 'boolean',
    description: 'Also report in code that runs once: migrations, seeders, command-line programs and start-up code.',
  },
  includeUnknownCallers: {
    type: 'boolean',
    description: 'Also report in named functions that nothing in the project is known to call (reached through a global registry or dynamic dispatch the index cannot follow).',
  },
  includeTransactions: {
    type: 'boolean',
    description: 'Also report where the entry runs in one transaction (`@Transaction()`): its queries share one connection, so they cannot overlap.',
  },
};

export const analysisOptionDefaults = Object.freeze({
  orderedCallees: [],
  readVerbs: [],
  writeVerbs: [],
  ignoreFiles: [...testFileGlobs],
  includeOneOffCode: false,
  includeUnknownCallers: false,
  includeTransactions: false,
});
