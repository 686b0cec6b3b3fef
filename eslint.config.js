import js from '@eslint/js';
import globals from 'globals';
import unblock from './packages/eslint-plugin-unblock/index.js';
import internal from './scripts/layers/eslint-plugin.js';

export default [
  {
    // Test inputs and throwaway caches are not project code.
    ignores: ['node_modules/', '.cache/', '.scratch/', 'test/**/fixtures/', 'packages/*/test/**/fixtures/', 'extension/dist/', 'packages/eslint-plugin-unblock/dist/', 'bench-results/'],
  },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: { ...globals.node } },
  },
  {
    files: ['test/**/*.js', 'packages/*/test/**/*.js'],
    languageOptions: { globals: { ...globals.mocha } },
  },
  // The project holds itself to its own rules.
  unblock.configs.recommended,
  {
    // A lint run reaches the analysis through ESLint, which no route shows: every blocking call in it is
    // looked at, and the ones that run while linting (not serving) say so where they are disabled.
    rules: { 'unblock/no-blocking-sync-call': ['warn', { includeUnknownCallers: true }] },
  },
  {
    // The bench's own process, which serves no request: the latency model times pbkdf2 on this
    // thread once to calibrate itself, and the process tree is read synchronously because the
    // 'exit' hook reads it too, where nothing asynchronous finishes (/proc is kernel memory, ps
    // takes milliseconds). Here, not as disable comments, so the bench's sources name no rule.
    files: ['packages/unblock-bench/harness/emit/latency.js', 'packages/unblock-bench/processes/process-tree.js'],
    rules: { 'unblock/no-blocking-sync-call': 'off' },
  },
  {
    // The plugin's imports point down its layers (ARCHITECTURE.md, "Layers"); scripts/layers.js
    // prints the whole graph, with the loops and folder sizes one file's lint cannot see.
    files: ['packages/eslint-plugin-unblock/rules/**/*.js'],
    plugins: { internal },
    rules: { 'internal/layers': 'error' },
  },
];
