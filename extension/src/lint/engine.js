// The lint engine bundle (dist/lint-engine.js): ESLint's Linter, eslint-plugin-unblock and
// the TypeScript parser. Loaded on the first lint, so activating the extension stays cheap.
import { Linter } from 'eslint/universal';
import unblock from 'eslint-plugin-unblock';
import * as tsParser from '@typescript-eslint/parser';
import { createLintRunner } from './run-lint.js';

export const { lintText, docsUrls, ruleIds } = createLintRunner({ Linter, plugin: unblock, tsParser });
