import { formatComparison } from '../printers/terminal.js';
import { benchmarkFunction } from './bench.js';
import { parseFunctionSpec } from './build.js';
import { parseLatencyModel } from './emit/latency.js';
import { formatFunctionHeader } from './report.js';

/**
 * What `unblock-bench --function file:LINE [--latency io:10]` does, for the CLI to call: parse the
 * two flags (clear errors), benchmark, and return the text to print and the exit code (1 when the
 * function is refused or has nothing to fix, so scripts notice that nothing was measured).
 * @param {{ spec: string, latency?: string, benchOptions?: Record<string, any>, diff?: boolean }} input
 * @param {{ onProgress?: (event: any) => void, signal?: AbortSignal }} [hooks]
 * @returns {Promise<{ text: string, exitCode: number, result: any }>}
 */
export async function runFunctionCommand({ spec, latency, benchOptions = {}, diff = true }, hooks = {}) {
  const { file, line } = parseFunctionSpec(spec);
  const latencyModel = latency === undefined ? undefined : parseLatencyModel(latency);
  const result = await benchmarkFunction({ ...benchOptions, file, line, latencyModel }, hooks);
  let text = formatFunctionHeader(result);
  if (result.status === 'measured') text += `${formatComparison(/** @type {any} */ (result), { diff })}\n`;
  // Never 0 for what was not measured: refused, or nothing to fix.
  return { text, exitCode: result.status === 'measured' ? 0 : 1, result };
}
