#!/usr/bin/env node
/**
 * How the project index should take trees from oxc-parser: by raw transfer or through JSON.
 *
 * A lint run parses tens to a few hundred other files, once each, in a process that then exits; so
 * what counts is the whole process's CPU for that many files, V8's background threads included
 * (they optimize the code that runs hot: for raw transfer, a large generated deserializer). Each
 * measurement is a fresh process that parses the first N files of Ghost's core/ (scripts/corpus/)
 * and reads every tree, the two ways alternately, and prints the medians of process CPU and of the
 * main thread's CPU. Needs Node >= 22 (raw transfer); refuses clearly elsewhere.
 *
 * Usage: node scripts/bench-lint/oxc-transfer.js [--counts 50,200,450] [--rounds 5]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseSync, rawTransferSupported } from 'oxc-parser';
import { ensureCorpus, listSourceFiles } from '../corpus/fetch.js';
import { median } from './median.js';

const OPTIONS = { range: true, preserveParens: false, sourceType: /** @type {const} */ ('unambiguous') };
const args = process.argv.slice(2);
/** @param {string} name */
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);

/**
 * The child: parses the first `count` files of Ghost's core/ one way and prints its CPU use as JSON.
 * @param {'raw' | 'json'} way
 * @param {number} count
 */
function measureChild(way, count) {
  const files = listSourceFiles('ghost').slice(0, count);
  const texts = files.map((file) => fs.readFileSync(file, 'utf8'));
  const process0 = process.cpuUsage();
  const main0 = mainThreadCpu();
  let statements = 0;
  for (let i = 0; i < files.length; i++) {
    // Not in oxc-parser's type declarations yet, though the parser reads it.
    const result = parseSync(files[i], texts[i], /** @type {any} */ ({ ...OPTIONS, experimentalRawTransfer: way === 'raw' }));
    statements += result.program.body.length;
  }
  const used = process.cpuUsage(process0);
  const main = mainThreadCpu();
  console.log(JSON.stringify({ processMs: (used.user + used.system) / 1000, mainMs: main === null || main0 === null ? null : main - main0, statements }));
}

/**
 * This thread's CPU time in ms; null where Node has no `process.threadCpuUsage` (before 22.19 / 23.9).
 * @returns {number | null}
 */
function mainThreadCpu() {
  /** @type {{ user: number, system: number } | undefined} */
  const used = /** @type {any} */ (process).threadCpuUsage?.();
  return used ? (used.user + used.system) / 1000 : null;
}

function main() {
  if (!rawTransferSupported()) {
    console.error(`raw transfer needs Node >= 22 on a 64-bit little-endian machine (this is Node ${process.version}): nothing to compare`);
    process.exitCode = 2;
    return;
  }
  const counts = (option('--counts') ?? '50,200,450').split(',').map(Number);
  const rounds = Number(option('--rounds') ?? 5);
  ensureCorpus('ghost', { log: (line) => console.error(`  ${line}`) });
  const available = listSourceFiles('ghost').length;
  const self = fileURLToPath(import.meta.url);
  console.log(`${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, Node ${process.version}; ${rounds} rounds, fresh process each, medians`);
  for (const count of counts) {
    /** @type {Record<'raw' | 'json', { processMs: number, mainMs: number | null }[]>} */
    const runs = { raw: [], json: [] };
    for (let round = 0; round < rounds; round++) {
      for (const way of /** @type {const} */ (['raw', 'json'])) {
        runs[way].push(JSON.parse(execFileSync(process.execPath, [self, '--child', way, String(count)], { encoding: 'utf8' })));
      }
    }
    const line = (/** @type {'raw' | 'json'} */ way) => {
      const mains = runs[way].map((run) => run.mainMs).filter((ms) => ms !== null);
      const main = mains.length === runs[way].length ? ` (${median(mains).toFixed(0)} ms main thread)` : '';
      return `${median(runs[way].map((run) => run.processMs)).toFixed(0)} ms process${main}`;
    };
    console.log(`${String(Math.min(count, available)).padStart(5)} files: raw transfer ${line('raw')}, JSON ${line('json')}`);
  }
  console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

if (args[0] === '--child') measureChild(/** @type {'raw' | 'json'} */ (args[1]), Number(args[2]));
else main();
