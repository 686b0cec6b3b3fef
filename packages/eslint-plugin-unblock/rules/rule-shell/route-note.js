/**
 * The words every rule uses to say where its report runs, so the three read alike:
 *   " (reached from POST /login in routes.js)"
 *   " (reached from GET /a in routes.js and from two other routes)"
 * and nothing when no route is known: the message then reads as it always did.
 */
import path from 'node:path';
import { countWord } from '../language/english/count-word.js';

/**
 * @param {{ label: string, file: string, others?: number, othersAreRoutes?: boolean } | null} route
 * @param {string} cwd where paths are shown from (the lint's working folder)
 * @returns {string} the note, with its leading space, or ''
 */
export function routeNote(route, cwd) {
  if (!route) return '';
  const relative = path.relative(cwd, route.file).split(path.sep).join('/');
  // A file outside the working folder is named alone: "../" says nothing a reader can use.
  const file = relative.startsWith('..') || path.isAbsolute(relative) ? path.basename(route.file) : relative;
  const others = route.others ?? 0;
  const kind = route.othersAreRoutes === false ? 'handler' : 'route';
  const more = others > 0 ? ` and from ${countWord(others)} other ${kind}${others === 1 ? '' : 's'}` : '';
  return ` (reached from ${route.label} in ${file}${more})`;
}
