import { parse } from '@babel/parser';

/**
 * Parses a user's source file the way the harness needs it: as a module, with TypeScript and JSX
 * when the file name asks for them, and with error recovery so that a half-edited file in the
 * editor still yields the functions that are complete.
 * @param {string} code
 * @param {string} filename
 * @returns {{ ast: import('@babel/types').File } | { error: string }}
 */
export function parseSource(code, filename) {
  const isTs = /\.(c|m)?tsx?$/i.test(filename);
  const isTsx = /\.tsx$/i.test(filename);
  /** @type {import('@babel/parser').ParserPlugin[]} */
  const plugins = isTs ? ['typescript', 'decorators-legacy'] : ['jsx', 'decorators-legacy'];
  if (isTsx) plugins.push('jsx');
  try {
    const ast = parse(code, {
      sourceType: 'unambiguous',
      allowReturnOutsideFunction: true,
      allowAwaitOutsideFunction: true,
      errorRecovery: true,
      plugins,
    });
    return { ast };
  } catch (error) {
    const loc = error.loc ? ` (line ${error.loc.line})` : '';
    return { error: `${String(error.message).replace(/\s*\(\d+:\d+\)$/, '')}${loc}` };
  }
}
