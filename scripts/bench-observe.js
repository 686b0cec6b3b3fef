#!/usr/bin/env node
/**
 * npm run bench:observe — how close `unblock-bench observe` comes to delays known in advance.
 *
 * Runs observe on fixtures/observe-dashboard (three 15 ms queries in a row, two 20 ms queries
 * through dynamic dispatch, a pbkdf2Sync sign-in) and fixtures/express-app (8 ms queries), and
 * prints each measured figure next to what the delays imply, with its error and whether it is
 * within the 25% issue #26 asks for. A blocking call is compared by CPU time with the same hash
 * run on its own here (its wall time also holds what other processes took meanwhile).
 * Numbers only: timing never decides a test (the mocha suite checks what is found and where).
 *
 * Usage: node scripts/bench-observe.js [--duration SECONDS] [--runs N]
 */
import { pbkdf2Sync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runObserve } from '../packages/unblock-bench/observe/observe.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
/** @param {string} name @param {number} fallback */
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const duration = option('--duration', 2);
const runs = option('--runs', 3);

/** Median CPU ms of the dashboard's sign-in hash, run here on its own. */
function hashAlone() {
  const times = [];
  for (let i = 0; i < 7; i++) {
    const start = process.cpuUsage();
    pbkdf2Sync('correct-horse', 'observe-dashboard', 30000, 32, 'sha256');
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  return times.sort((a, b) => a - b)[3];
}

/** @param {string} what @param {number | undefined} measured @param {number} expected */
function row(what, measured, expected) {
  if (measured === undefined) return console.log(`  ${what.padEnd(52)} not found`);
  const error = (measured - expected) / expected;
  const verdict = Math.abs(error) <= 0.25 ? 'within 25%' : 'OUTSIDE 25%';
  console.log(`  ${what.padEnd(52)} ${measured.toFixed(1).padStart(7)} ms  expected ${expected.toFixed(1).padStart(6)} ms  ${(error * 100).toFixed(0).padStart(4)}%  ${verdict}`);
}

/** @param {any} observation @param {(f: any) => boolean} test */
const find = (observation, test) => observation.findings.find(test);

async function dashboard() {
  // A project of its own, so that the observations go to its own .unblock folder, not the repo's.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-bench-observe-'));
  try {
    fs.writeFileSync(path.join(root, 'package.json'), '{ "type": "module" }\n');
    fs.cpSync(path.join(repo, 'fixtures', 'observe-dashboard'), path.join(root, 'app'), { recursive: true });
    const before = hashAlone();
    const observation = await runObserve({ duration, warmup: 0.5, fixture: path.join(root, 'app') });
    const alone = (before + hashAlone()) / 2;
    row('GET /dashboard: three 15 ms waits in a row', find(observation, (f) => f.route === 'GET /dashboard')?.medianMs, 30);
    row('GET /widgets: two 20 ms waits, dynamic dispatch', find(observation, (f) => f.route.startsWith('GET /widgets'))?.medianMs, 20);
    row('POST /login: pbkdf2Sync CPU vs the same hash alone', find(observation, (f) => f.route === 'POST /login')?.cpuMs, alone);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

async function expressApp() {
  const observation = await runObserve({ duration, warmup: 0.5, fixture: path.join(repo, 'fixtures', 'express-app') });
  row('express-app GET /users/1: three 8 ms reads', find(observation, (f) => f.route === 'GET /users/1')?.medianMs, 16);
  row('express-app GET /orders/101: three 8 ms lookups', find(observation, (f) => f.route === 'GET /orders/101')?.medianMs, 16);
}

console.log(`observe accuracy: ${runs} run(s), ${duration} s per route, Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
for (let run = 1; run <= runs; run++) {
  console.log(`run ${run}`);
  await dashboard();
  await expressApp();
}
