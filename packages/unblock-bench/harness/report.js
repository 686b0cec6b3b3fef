import path from 'node:path';

/**
 * The lines a person reads before the bench tables of a function benchmark: which function, the
 * latency model, what was simulated, and that the numbers come from the model. For a refused
 * function, the reason. A pure function, like the runner's other printers.
 * @param {{ status: string, refusal?: string | null, function: ReturnType<typeof import('./bench.js').describeHarness> }} result
 * @param {{ cwd?: string }} [options]
 * @returns {string}
 */
export function formatFunctionHeader(result, { cwd = process.cwd() } = {}) {
  const fn = result.function;
  const where = `${path.relative(cwd, fn.file) || fn.file}:${fn.line}`;
  const name = fn.name ? `${fn.name} (${where})` : where;
  if (result.status === 'refused') return `cannot benchmark ${name}: ${result.refusal}\n`;
  const lines = [
    `function: ${name}`,
    `latency model: ${fn.modelText}`,
    `simulated calls: ${fn.simulated.length ? fn.simulated.join(', ') : 'none awaited (blocking calls run for real)'}`,
    fn.note,
  ];
  if (result.status === 'nothing-to-fix') lines.push('not measured: the Unblock rules report nothing to fix in this function, so there is no "after" to compare');
  return `${lines.join('\n')}\n`;
}
