/**
 * The test suite runs with the persistent project cache off (.mocharc.json requires this file):
 * a test's verdicts must come from the files it writes, not from a cache an earlier run left in a
 * fixture's node_modules. The cache's own tests turn it on for their projects (ESLint settings,
 * or the environment of the lint processes they start).
 */
process.env.UNBLOCK_CACHE = 'off';
