// A 2,000-line TypeScript module with 200 await waterfalls, used to measure lint speed both
// here (scripts/measure-lint.mjs) and inside VS Code (test/e2e). CommonJS so both can load it.

/** @param {number} i */
function block(i) {
  return [
    `export async function load${i}(db: { getA(n: number): Promise<number>; getB(n: number): Promise<number> }, id: number) {`,
    `  const first = await db.getA(id + ${i});`,
    `  const second = await db.getB(id - ${i});`,
    '  if (first > second) {',
    `    return { id, first, second, label: 'block ${i}' as const };`,
    '  }',
    '  const total: number = first + second;',
    '  return { id, first: total, second, label: `sum` as const };',
    '}',
    '',
  ];
}

/** @returns {{ text: string, lines: number, groups: number }} */
function largeTypeScriptFile(lineCount = 2000) {
  const lines = [];
  let groups = 0;
  while (lines.length < lineCount) lines.push(...block(groups++));
  return { text: lines.slice(0, lineCount).join('\n'), lines: lineCount, groups };
}

module.exports = { largeTypeScriptFile };
