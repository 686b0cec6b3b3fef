/**
 * simple-git: each command starts a `git` process in one repository. Git serialises the commands
 * that change a repository with lock files (`.git/index.lock`, `.git/config.lock`, a ref's lock): a
 * writer started while another holds the lock fails with "Unable to create '….lock': File exists".
 * So a repository handle is one, like a connection: its commands keep their order, reads among
 * them too (`status` refreshes the index under its lock). The methods still say what each does.
 */

/** @type {import('./library-api.js').LibraryApi} */
export default {
  name: 'simple-git',
  packages: ['simple-git'],
  handle: 'one',
  rootCalls: true,
  reads: [
    'log', 'show', 'diff', 'diffSummary', 'status', 'tags', 'branchLocal', 'revparse', 'catFile', 'getRemotes', 'checkIsRepo',
    'listRemote', 'listConfig', 'getConfig', 'version', 'grep', 'showBuffer',
  ],
  writes: [
    'add', 'addConfig', 'addRemote', 'removeRemote', 'addTag', 'addAnnotatedTag', 'checkout', 'checkoutBranch',
    'checkoutLocalBranch', 'clean', 'clone', 'mirror', 'commit', 'deleteLocalBranch', 'deleteLocalBranches', 'fetch', 'init',
    'merge', 'mergeFromTo', 'mv', 'pull', 'push', 'pushTags', 'raw', 'rebase', 'reset', 'revert', 'rm', 'rmKeepLocal', 'stash',
    'stashList', 'submoduleAdd', 'submoduleInit', 'submoduleUpdate', 'subModule', 'tag', 'updateServerInfo', 'applyPatch',
  ],
  types: { SimpleGit: 'one' },
};
