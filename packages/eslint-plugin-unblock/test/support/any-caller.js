/**
 * The blocking-call rule reports only where a call is shown to run per request
 * or job. Most rule cases test something else (which APIs, which imports, which
 * rewrite) in a function no caller is known for: they run with
 * `includeUnknownCallers`, so that where the function runs is not what decides them.
 */

/**
 * @param {string | { code: string, options?: any[] }} testCase
 * @returns {any}
 */
export function anyCaller(testCase) {
  const { options = [], ...rest } = typeof testCase === 'string' ? { code: testCase } : testCase;
  return { ...rest, options: [{ includeUnknownCallers: true, ...options[0] }] };
}
