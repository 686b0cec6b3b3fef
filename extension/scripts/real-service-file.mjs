// The real file the editor-speed measurement lints beside the generated one: a 2,300-line NestJS
// service (ghostfolio's portfolio.service.ts) from the labeled real backends that
// ../../../shared/realcode/score.mjs extracts, linted from its own path so the project index
// answers as in the editor. Not copied into this repository: it is read where score.mjs left it,
// or from --real FILE (any other file to measure the same way, from the workspace folder --cwd DIR, by
// default the nearest folder above it with a package.json).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const RELATIVE = path.join('ghostfolio', 'apps', 'api', 'src', 'app', 'portfolio', 'portfolio.service.ts');

/**
 * @returns {{ file: string, cwd: string } | { missing: string }} the file to lint and the workspace folder
 *   the editor would lint it in (where the project index starts), or why there is none
 */
export function realServiceFile() {
  const at = process.argv.indexOf('--real');
  if (at !== -1) {
    const file = path.resolve(String(process.argv[at + 1] ?? ''));
    if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return { missing: `--real ${file} is not a file` };
    const cwdAt = process.argv.indexOf('--cwd');
    return { file, cwd: cwdAt === -1 ? packageFolderAbove(file) : path.resolve(String(process.argv[cwdAt + 1] ?? '')) };
  }
  const extracted = path.join(os.tmpdir(), 'unblock-realcode');
  const candidates = fs.existsSync(extracted) ? fs.readdirSync(extracted).filter((name) => name.startsWith('ghostfolio-')) : [];
  for (const folder of candidates) {
    const file = path.join(extracted, folder, RELATIVE);
    if (fs.existsSync(file)) return { file, cwd: path.join(extracted, folder, 'ghostfolio') };
  }
  return { missing: `${path.join(extracted, 'ghostfolio-*', RELATIVE)} is not there: run \`node ../shared/realcode/score.mjs --repo ghostfolio\` once (it extracts the backend), or pass --real FILE` };
}

/**
 * Where a typing edit goes in a real file: right after the first line with an `await`, inside the
 * body of an async function, as when someone works on a handler (an edit outside every function
 * makes the rules analyse the whole file again: the worst case, not the usual one).
 * @param {string[]} lines
 */
export function editLineOf(lines) {
  const index = lines.findIndex((line) => /\bawait\s/.test(line));
  return index === -1 ? Math.min(7, lines.length) : index + 1;
}

/**
 * The nearest folder above a file that holds a package.json (the file's own folder when none does).
 * @param {string} file
 */
function packageFolderAbove(file) {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.dirname(file);
  }
}
