/**
 * Instruments every project file and keeps the tables that turn what the running server records
 * (function ids, site ids, profile frames) back into places in the user's source, each tied to
 * the rule's report there if there is one.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { oneLine } from '../../errors.js';
import { instrumentSource } from './instrument.js';
import { lineStarts, lineOfOffset } from './edits.js';

/**
 * @typedef {import('./static-facts.js').FileFacts} FileFacts
 * @typedef {import('./static-facts.js').Diagnostic} Diagnostic
 *
 * @typedef {object} Plan
 * @property {Array<{ path: string, source: string }>} rewritten the instrumented text of each file, by its original path
 * @property {Map<number, import('../measure/waits.js').AwaitSite>} awaitSites by site id
 * @property {Map<number, { file: number, diagnostic: Diagnostic }>} blockingSites by site id
 * @property {import('../measure/where-ran.js').KnownFunction[]} functions by function id
 * @property {(copyDir: string) => import('../measure/blocks.js').ResolveFrame} frames profile frames of the copy run from `copyDir`
 * @property {string[]} notes files left as they are, and why
 */

/**
 * @param {FileFacts[]} facts
 * @param {string[]} names each file's name as reports show it
 * @returns {Plan}
 */
export function planInstrumentation(facts, names) {
  const ids = { fn: 0, site: 0 };
  /** @type {Plan['awaitSites']} */
  const awaitSites = new Map();
  /** @type {Plan['blockingSites']} */
  const blockingSites = new Map();
  /** @type {Plan['functions']} */
  const functions = [];
  /** @type {Plan['rewritten']} */
  const rewritten = [];
  /** @type {string[]} */
  const notes = [];
  /** @type {Map<string, { file: number, code: string, toOriginal: (offset: number) => number, starts: number[], originalStarts: number[], fns: import('./instrument.js').FunctionEntry[] }>} by path relative to the fixture */
  const running = new Map();

  facts.forEach((fileFacts, file) => {
    // What each report is measured by is its rule's to say (Diagnostic.kind, from meta.bench.observe).
    const blockingDiagnostics = fileFacts.diagnostics.filter((d) => d.kind === 'blocking');
    let result;
    try {
      result = instrumentSource(fileFacts.source, { filename: fileFacts.file, fileId: file, blockingCalls: blockingDiagnostics, ids });
    } catch (error) {
      notes.push(`${names[file]} runs as it is: it could not be instrumented (${oneLine(error)})`);
      return;
    }
    rewritten.push({ path: fileFacts.path, source: result.code });
    for (const entry of result.functions) functions[entry.id] = { file: names[file], entry };
    const byStart = new Map(fileFacts.awaits.sites.map((site, index) => [site.range[0], index]));
    for (const { id, range } of result.awaits) {
      awaitSites.set(id, {
        file,
        index: byStart.get(range[0]) ?? -1,
        loop: fileFacts.diagnostics.find((d) => d.kind === 'loop' && d.loop && d.loop[0] <= range[0] && range[1] <= d.loop[1]) ?? null,
        waterfall: fileFacts.diagnostics.find((d) => d.kind === 'waterfall' && d.range[0] <= range[0] && range[0] < d.range[1]) ?? null,
      });
    }
    for (const { id, line, column } of result.blocking) {
      const diagnostic = blockingDiagnostics.find((d) => d.line === line && d.column === column);
      if (diagnostic) blockingSites.set(id, { file, diagnostic });
    }
    running.set(fileFacts.file, { file, code: result.code, toOriginal: result.toOriginal, starts: lineStarts(result.code), originalStarts: lineStarts(fileFacts.source), fns: result.functions });
  });

  return {
    rewritten,
    awaitSites,
    blockingSites,
    functions,
    notes,
    frames: (copyDir) => {
      /** @type {Map<string, ReturnType<typeof running.get>>} */
      const byUrl = new Map([...running].map(([relative, info]) => [pathToFileURL(path.join(copyDir, relative)).href, info]));
      return (url, line, column) => {
        const info = byUrl.get(url);
        if (!info) return null;
        const offset = info.toOriginal((info.starts[line] ?? 0) + column);
        const fn = innermost(info.fns, offset);
        const originalLine = lineOfOffset(info.originalStarts, offset);
        return {
          file: info.file,
          fn: fn && { id: fn.id, name: fn.name, line: fn.line, range: fn.range },
          line: fn?.line ?? originalLine,
          where: `${names[info.file]}:${fn?.line ?? originalLine}`,
        };
      };
    },
  };
}

/**
 * The innermost function whose range holds an offset.
 * @param {import('./instrument.js').FunctionEntry[]} fns
 * @param {number} offset
 */
function innermost(fns, offset) {
  let best = null;
  for (const fn of fns) {
    if (fn.range[0] <= offset && offset < fn.range[1] && (!best || fn.range[0] >= best.range[0])) best = fn;
  }
  return best;
}

/**
 * Each file's name as reports show it: relative to the project root, with "/" separators.
 * @param {FileFacts[]} facts
 * @param {string} root
 */
export function displayNames(facts, root) {
  return facts.map((f) => path.relative(root, f.path).split(path.sep).join('/'));
}
