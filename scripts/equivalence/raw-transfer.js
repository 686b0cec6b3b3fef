#!/usr/bin/env node
/**
 * oxc-parser gives its tree two ways: through JSON, as the project index takes it, and by raw
 * transfer (Node >= 22), as the editor's parser takes the open file (extension/src/lint/oxc-parser).
 * This checks, on every file of the pinned corpora (scripts/corpus/), that both ways give the same
 * tree and the same errors, so the choice is one of cost alone (scripts/bench-lint/oxc-transfer.js
 * measures it), and prints how long each took in one process. Needs Node >= 22 (raw transfer);
 * refuses clearly elsewhere.
 *
 * Usage: node scripts/equivalence/raw-transfer.js [--limit N]
 */
import fs from 'node:fs';
import { parseSync, rawTransferSupported } from 'oxc-parser';
import { CORPORA, TYPESCRIPT_ONLY_CORPORA } from '../corpus/corpora.js';
import { ensureCorpus, listRebuiltTypeScript, listSourceFiles } from '../corpus/fetch.js';

const args = process.argv.slice(2);
const limit = args.includes('--limit') ? Number(args[args.indexOf('--limit') + 1]) : Infinity;
/** BigInt literals (`10n`) carry a bigint value, which JSON cannot hold as such. */
const serialise = (/** @type {unknown} */ tree) => JSON.stringify(tree, (_key, value) => (typeof value === 'bigint' ? `${value}n` : value));
const BASE = { range: true, preserveParens: false, sourceType: /** @type {const} */ ('unambiguous') };

function corpusFiles() {
  /** @type {string[]} */
  const files = [];
  for (const corpus of [...CORPORA, ...TYPESCRIPT_ONLY_CORPORA]) {
    ensureCorpus(corpus.name, { log: (line) => console.error(`  ${line}`) });
    if (corpus.include.length > 0) files.push(...listSourceFiles(corpus.name));
    if (corpus.typeScriptFromMaps) files.push(...listRebuiltTypeScript(corpus.name));
  }
  return files.slice(0, limit);
}

function main() {
  if (!rawTransferSupported()) {
    console.error(`raw transfer needs Node >= 22 on a 64-bit little-endian machine (this is Node ${process.version}): nothing to compare`);
    process.exitCode = 2;
    return;
  }
  const files = corpusFiles();
  let differ = 0;
  let jsonMs = 0;
  let rawMs = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    let started = performance.now();
    const viaJson = parseSync(file, text, BASE);
    const jsonTree = serialise({ program: viaJson.program, errors: viaJson.errors.length });
    jsonMs += performance.now() - started;
    started = performance.now();
    // Not in oxc-parser's type declarations yet, though the parser reads it.
    const viaRaw = parseSync(file, text, /** @type {any} */ ({ ...BASE, experimentalRawTransfer: true }));
    const rawTree = serialise({ program: viaRaw.program, errors: viaRaw.errors.length });
    rawMs += performance.now() - started;
    if (jsonTree !== rawTree) {
      differ++;
      if (differ <= 10) console.log(`differs: ${file}`);
    }
  }
  console.log(`${files.length} files: ${differ} differ; JSON ${jsonMs.toFixed(0)} ms, raw transfer ${rawMs.toFixed(0)} ms (both include serialising the tree for the comparison) — Node ${process.version}`);
  if (differ > 0) process.exitCode = 1;
}

main();
