#!/usr/bin/env node
/**
 * The editor's oxc-based TypeScript parser (extension/src/lint/oxc-parser/) against
 * @typescript-eslint/parser, parse for parse: nodes, ranges, locations, tokens, comments, scopes and
 * services (parser-compare.js), on every real TypeScript file of the pinned corpora (scripts/corpus:
 * Ghost, @strapi/*) and of the labeled TypeScript backends (../shared/realcode, extracted by its
 * score.mjs: Outline, Ghostfolio, Hoppscotch, Umami). With --mutations N it also parses N edited
 * copies of those files (a character deleted or typed, a line copied, the text cut short: what an
 * editor sees while someone types) and checks that where typescript-eslint refuses a text the
 * parser refuses it with the same message, and that where both parse, they agree.
 *
 * Usage: node scripts/equivalence/oxc-parser-equivalence.js [--limit N] [--mutations N] [--seed S] [--dump DIR]
 * (--dump writes each edited text that differs to DIR, to be tried again or turned into a test)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import tsParser from '@typescript-eslint/parser';
import { createOxcParser } from '../../extension/src/lint/oxc-parser/index.js';
import { CORPORA, TYPESCRIPT_ONLY_CORPORA } from '../corpus/corpora.js';
import { ensureCorpus, listRebuiltTypeScript, listSourceFiles } from '../corpus/fetch.js';
import { compareParses } from './parser-compare.js';
import { mutate, seededRandom } from './typing-edits.js';

const args = process.argv.slice(2);
const option = (/** @type {string} */ name, /** @type {number} */ fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const limit = option('--limit', Infinity);
const mutations = option('--mutations', 0);
const seed = option('--seed', 1);
const dump = args.includes('--dump') ? path.resolve(args[args.indexOf('--dump') + 1]) : undefined;
const REALCODE = path.join(os.tmpdir(), 'unblock-realcode');
const TS_BACKENDS = ['outline', 'ghostfolio', 'hoppscotch', 'umami'];

/** @returns {string[]} */
function typeScriptFiles() {
  const files = [];
  for (const corpus of [...CORPORA, ...TYPESCRIPT_ONLY_CORPORA]) {
    ensureCorpus(corpus.name, { log: (line) => console.error(`  ${line}`) });
    files.push(...listSourceFiles(corpus.name).filter((file) => /\.tsx?$/.test(file)), ...listRebuiltTypeScript(corpus.name));
  }
  const extracted = fs.existsSync(REALCODE) ? fs.readdirSync(REALCODE).filter((dir) => TS_BACKENDS.some((name) => dir.startsWith(`${name}-`))) : [];
  if (extracted.length < TS_BACKENDS.length) console.error(`  (only ${extracted.length} of the 4 TypeScript backends are extracted under ${REALCODE}: run node ../shared/realcode/score.mjs once)`);
  for (const dir of extracted.sort()) {
    const root = path.join(REALCODE, dir);
    files.push(...fs.readdirSync(root, { recursive: true }).map(String).filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !file.split(path.sep).includes('node_modules')).sort().map((file) => path.join(root, file)));
  }
  return files.slice(0, limit);
}

/** @param {string} file */
const optionsFor = (file) => /** @type {any} */ ({ sourceType: 'module', ecmaFeatures: { jsx: file.endsWith('x') }, filePath: file, jsDocParsingMode: 'none', preserveNodeMaps: false, warnOnUnsupportedTypeScriptVersion: false });

/**
 * @param {ReturnType<typeof createOxcParser>} parser
 * @param {string} file
 * @param {string} text
 */
function both(parser, file, text) {
  /** @type {any} */ let reference;
  /** @type {string | undefined} */ let referenceError;
  /** @type {any} */ let ours;
  /** @type {string | undefined} */ let ourError;
  let started = performance.now();
  try {
    reference = tsParser.parseForESLint(text, optionsFor(file));
  } catch (error) {
    referenceError = String(/** @type {Error} */ (error).message);
  }
  const referenceMs = performance.now() - started;
  started = performance.now();
  try {
    ours = parser.parseForESLint(text, optionsFor(file));
  } catch (error) {
    ourError = String(/** @type {Error} */ (error).message);
  }
  return { reference, referenceError, referenceMs, ours, ourError, ourMs: performance.now() - started, path: parser.lastPath() };
}

function main() {
  const parser = createOxcParser({ fallback: tsParser, ts });
  const files = typeScriptFiles();
  const tally = { files: 0, oxc: 0, fallback: 0, differ: 0, referenceMs: 0, ourMs: 0 };
  /** @type {string[]} */
  const report = [];
  for (const file of files) {
    const result = both(parser, file, fs.readFileSync(file, 'utf8'));
    tally.files++;
    tally.referenceMs += result.referenceMs;
    tally.ourMs += result.ourMs;
    if (result.path === 'fallback') tally.fallback++;
    else tally.oxc++;
    const differences = result.referenceError || result.ourError
      ? (result.referenceError === result.ourError ? [] : [`error: ${result.ourError} vs ${result.referenceError}`])
      : compareParses(result.ours, result.reference, 5);
    if (differences.length > 0) {
      tally.differ++;
      if (report.length < 40) report.push(`${file}\n    ${differences.join('\n    ')}`);
    }
  }
  console.log(`${tally.files} TypeScript files: ${tally.differ} differ; ${tally.oxc} parsed by oxc, ${tally.fallback} by typescript-eslint (fallback); parse time ${tally.ourMs.toFixed(0)} ms vs typescript-eslint ${tally.referenceMs.toFixed(0)} ms`);
  for (const line of report) console.log(`  ${line}`);
  if (mutations > 0) checkMutations(parser, files, mutations, seed);
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, Node ${process.version}`);
  if (tally.differ > 0) process.exitCode = 1;
}

/**
 * @param {ReturnType<typeof createOxcParser>} parser
 * @param {string[]} files
 * @param {number} count
 * @param {number} seedValue
 */
function checkMutations(parser, files, count, seedValue) {
  const random = seededRandom(seedValue);
  const tally = { bothParse: 0, viaOxc: 0, bothRefuse: 0, differ: 0 };
  /** @type {string[]} */
  const report = [];
  for (let i = 0; i < count; i++) {
    const file = files[random(files.length)];
    const text = mutate(fs.readFileSync(file, 'utf8'), random);
    const result = both(parser, file, text);
    /** @type {string[]} */
    let differences = [];
    if (result.referenceError || result.ourError) {
      if (result.referenceError && result.ourError) tally.bothRefuse++;
      if (result.referenceError !== result.ourError) differences = [`error: ${result.ourError ?? 'parsed'} vs ${result.referenceError ?? 'parsed'}`];
    } else {
      tally.bothParse++;
      if (result.path === 'oxc') tally.viaOxc++;
      differences = compareParses(result.ours, result.reference, 5);
    }
    if (differences.length > 0) {
      tally.differ++;
      if (report.length < 20) report.push(`${file} (edit ${i}, seed ${seedValue})\n    ${differences.join('\n    ')}`);
      if (dump) {
        fs.mkdirSync(dump, { recursive: true });
        fs.writeFileSync(path.join(dump, `edit-${seedValue}-${i}${path.extname(file)}`), text);
      }
    }
  }
  console.log(`${count} edited copies: ${tally.differ} differ; both parse ${tally.bothParse} (${tally.viaOxc} of them by oxc), both refuse ${tally.bothRefuse} with the same message`);
  for (const line of report) console.log(`  ${line}`);
  if (tally.differ > 0) process.exitCode = 1;
}

main();
