#!/usr/bin/env node
/**
 * The README's real-code table from a score run's JSON: per backend and rule, the reports made,
 * how many of them a reviewer judged correct and wrong, and how many of the correct ones are
 * worth acting on (useful "yes"). Reports nobody has judged are counted apart.
 *
 *   npm run real-code:score -- --json /tmp/score.json
 *   node scripts/real-code/table.js /tmp/score.json
 */
import fs from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/real-code/table.js SCORE.json (from npm run real-code:score -- --json SCORE.json)');
  process.exit(2);
}
const score = JSON.parse(fs.readFileSync(file, 'utf8'));
/** Reports that cover a labeled miss (a place a reviewer said should be reported) count as correct. */
for (const miss of score.misses ?? []) {
  for (const place of miss.foundBy ?? []) {
    const report = score.reports.find((r) => !r.label && `${r.repo}/${r.file}:${r.line}` === place);
    if (report) report.label = { verdict: 'correct', useful: miss.verdict === 'miss-worth' ? 'yes' : 'low' };
  }
}
const RULES = ['no-await-waterfall', 'no-loop-waterfall', 'no-blocking-sync-call'];
const SHORT = { 'no-await-waterfall': 'waterfall', 'no-loop-waterfall': 'loop', 'no-blocking-sync-call': 'blocking' };

/**
 * @param {any[]} reports
 * @returns {string} "made: correct ✓ / wrong ✗ (yes n)"
 */
function cell(reports) {
  const judged = reports.filter((r) => r.label);
  const correct = judged.filter((r) => r.label.verdict === 'correct');
  const wrong = judged.length - correct.length;
  const useful = correct.filter((r) => r.label.useful === 'yes').length;
  const unjudged = reports.length - judged.length;
  return `${reports.length}: ${correct.length} ✓ ${wrong} ✗, ${useful} worth acting on${unjudged ? `, ${unjudged} not judged` : ''}`;
}

const rows = [];
for (const repo of score.repos) {
  const mine = score.reports.filter((r) => r.repo === repo.repo);
  rows.push(`| ${repo.repo} (${repo.files} files) | ${RULES.map((rule) => cell(mine.filter((r) => r.rule === rule))).join(' | ')} |`);
}
const totals = RULES.map((rule) => {
  const reports = score.reports.filter((r) => r.rule === rule);
  const judged = reports.filter((r) => r.label);
  const correct = judged.filter((r) => r.label.verdict === 'correct');
  const percent = judged.length ? Math.round((100 * correct.length) / judged.length) : 100;
  return `**${cell(reports)}; ${percent}% of judged correct**`;
});
console.log(`| backend | ${RULES.map((rule) => SHORT[rule]).join(' | ')} |`);
console.log(`| --- | ${RULES.map(() => '---').join(' | ')} |`);
for (const row of rows) console.log(row);
console.log(`| **all** | ${totals.join(' | ')} |`);
