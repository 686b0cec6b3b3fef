// Lints one file of a project with the lint engine of an unpacked .vsix (its dist/lint-engine.js,
// as the extension's lint worker loads it) and prints one JSON line: the rule ids reported and the
// warnings returned with the lint. argv: the unpacked extension folder, the project folder, the file.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const [extensionFolder, cwd, file] = process.argv.slice(2);
const engine = createRequire(import.meta.url)(path.join(extensionFolder, 'dist', 'lint-engine.js'));
const result = engine.lintText(readFileSync(path.join(cwd, file), 'utf8'), { fileName: file, cwd, languageId: 'javascript', settings: { severity: {}, ruleOptions: {} } });
process.stdout.write(`${JSON.stringify({ reports: result.messages.map((/** @type {{ ruleId: string }} */ m) => m.ruleId), warnings: result.warnings ?? [] })}\n`);
