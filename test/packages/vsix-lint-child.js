// Lints one file of a project with the lint engine of an unpacked .vsix (its dist/lint-engine.js,
// as the extension's lint worker loads it), then loads its bench runner (dist/bench.js, as the
// first benchmark does), and prints one JSON line: the rule ids reported, the warnings returned
// with the lint, and `bench`: "loaded" or the message the extension shows when it does not load.
// argv: the unpacked extension folder, the project folder, the file.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { benchLoadError } from '../../extension/src/bench/load-error.js';

const [extensionFolder, cwd, file] = process.argv.slice(2);
const engine = createRequire(import.meta.url)(path.join(extensionFolder, 'dist', 'lint-engine.js'));
const result = engine.lintText(readFileSync(path.join(cwd, file), 'utf8'), { fileName: file, cwd, languageId: 'javascript', settings: { severity: {}, ruleOptions: {} } });
let bench = 'loaded';
try {
  createRequire(import.meta.url)(path.join(extensionFolder, 'dist', 'bench.js'));
} catch (error) {
  bench = benchLoadError(error).message;
}
process.stdout.write(`${JSON.stringify({ reports: result.messages.map((/** @type {{ ruleId: string }} */ m) => m.ruleId), warnings: result.warnings ?? [], bench })}\n`);
