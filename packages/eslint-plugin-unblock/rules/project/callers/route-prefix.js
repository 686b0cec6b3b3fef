/**
 * The full path a route is served at, when its router is mounted under a prefix: `app.use('/api',
 * articles)` with `articles.get('/list', h)` serves GET /api/list. A route's label is written where it
 * is registered; the mounts are in the module that makes the router and in the modules that import it
 * (the index's import map lists them), and a mounting router may itself be mounted: prefixes join.
 *
 * A prefix is put before a path only when proven: every mount of the router found is at a constant path
 * and on an app or router whose own mounts are proven the same way. A router mounted nowhere the index
 * reads keeps its label as registered; so does one with a mount at a computed path (its full path is
 * known only at run time) or in a circle of mounts. A router mounted at several paths serves each route
 * at each: the route has one label per path, and a report names the first and counts the others as it
 * counts other routes (../../code-kind/known-route.js).
 *
 * Asked only about a route a report or a verdict names, after the scans: the answer is read from the
 * modules themselves, never from what the scans happened to record, so it is the same whatever order the
 * files are linted in and whether the persistent cache is on or off. Kept per index (one per run).
 */
import { unwrap } from '../../language/syntax/ast.js';
import { loadModule } from '../modules/module-cache.js';
import { callsWithFrames } from './call-sites.js';
import { isDeclared, initOf, constantInitOf, ownerOf } from './function-frames.js';
import { mountOf, routerNamed, pluginNamed, receiverNamed, ownPrefix, joinPaths, joinPrefixes } from '../frameworks/routing/mounts.js';
import { recordingInputs, recordingNow, noteInputs } from '../cache/inputs.js';

/**
 * @typedef {import('./callers.js').CallerIndex} CallerIndex
 * @typedef {import('./callers.js').EntryFact} EntryFact
 * @typedef {import('../modules/module-view.js').ModuleView} ModuleView
 * @typedef {import('./function-frames.js').Frame} Frame
 * @typedef {import('../frameworks/routing/mounts.js').RouterPlace} RouterPlace
 * @typedef {import('../frameworks/routing/mounts.js').NameScope} NameScope
 *
 * @typedef {{ prefix: string | null, receiver: RouterPlace | null, mounted: RouterPlace[] }} MountFact
 *   one mount call: its path (null: computed), the app or router it is made on, the routers it mounts
 * @typedef {{ prefixes: string[] | null, cut: boolean }} Found
 *   the prefixes a router is served under (null: not proven); cut: a circle or the depth bound was met
 *   on the way, so the answer holds for this question only and is not kept
 */

/** Mounts above a route followed: deeper nesting keeps the route's label as registered. */
const MAX_MOUNT_DEPTH = 8;

/**
 * The labels of a route with the prefixes its router's mounts add, first by text: one label per path it
 * is served at, or its own label alone when no prefix is proven. Any other entry keeps its label.
 * @param {CallerIndex} index
 * @param {EntryFact} entry
 * @returns {string[]}
 */
export function routeLabels(index, entry) {
  const router = entry.router;
  // A path not starting with '/' ('*', a Koa name such as 'shares.info') is joined by no rule worth guessing.
  if (!router || (router.path !== '' && !router.path.startsWith('/'))) return [entry.label];
  const { prefixes } = prefixesOf(index, { file: entry.file, at: router.at }, new Set());
  if (prefixes === null || prefixes.every((prefix) => prefix === '')) return [entry.label];
  const verb = router.path === '' ? entry.label : entry.label.slice(0, entry.label.length - router.path.length - 1);
  return [...new Set(prefixes.map((prefix) => `${verb} ${joinPaths(prefix, router.path)}`))].sort();
}

/**
 * The first of a route's labels: the one a report names.
 * @param {CallerIndex} index
 * @param {EntryFact} entry
 */
export function routeLabel(index, entry) {
  return routeLabels(index, entry)[0];
}

/** @type {WeakMap<CallerIndex, Map<string, { prefixes: string[] | null, inputs: import('../cache/inputs.js').Input[] | null }>>}
 *   per index: router place → its prefixes, with what was read to find them (null: made while nothing was recorded) */
const kept = new WeakMap();

/**
 * @param {CallerIndex} index
 * @param {RouterPlace} place
 * @param {Set<string>} seen the routers on the way here
 * @returns {Found}
 */
function prefixesOf(index, place, seen) {
  const key = `${place.file}#${place.at}`;
  let known = kept.get(index);
  if (!known) kept.set(index, (known = new Map()));
  const prefixes = known.get(key);
  // Used again, what was read to find them is read again; found while nothing was recorded, they are found again, recorded.
  if (prefixes !== undefined && (prefixes.inputs !== null || !recordingNow())) {
    if (prefixes.inputs) noteInputs(prefixes.inputs);
    return { prefixes: prefixes.prefixes, cut: false };
  }
  // A router mounted in itself, or through routers that mount each other: no path is proven.
  if (seen.has(key) || seen.size >= MAX_MOUNT_DEPTH) return { prefixes: null, cut: true };
  seen.add(key);
  const recorded = recordingNow() ? recordingInputs(() => freshPrefixes(index, place, seen)) : null;
  const found = recorded ? recorded.value : freshPrefixes(index, place, seen);
  seen.delete(key);
  if (!found.cut) known.set(key, { prefixes: found.prefixes, inputs: recorded && !recorded.unlisted ? recorded.inputs : null });
  return found;
}

/**
 * @param {CallerIndex} index
 * @param {RouterPlace} place
 * @param {Set<string>} seen
 * @returns {Found}
 */
function freshPrefixes(index, place, seen) {
  const own = ownPrefixAt(place);
  if (own === null) return { prefixes: null, cut: false };
  const mounts = mountsOf(index, place);
  if (mounts.length === 0) return { prefixes: [own], cut: false };
  /** @type {Set<string>} */
  const prefixes = new Set();
  let cut = false;
  for (const mount of mounts) {
    if (mount.prefix === null) return { prefixes: null, cut };
    const outer = mount.receiver ? prefixesOf(index, mount.receiver, seen) : { prefixes: [''], cut: false };
    cut ||= outer.cut;
    if (outer.prefixes === null) return { prefixes: null, cut };
    for (const above of outer.prefixes) prefixes.add(joinPrefixes(joinPrefixes(above, mount.prefix), own));
  }
  return { prefixes: [...prefixes].sort(), cut };
}

/**
 * The mounts of a router: in its own module and in the modules that import it (through index files too).
 * @param {CallerIndex} index
 * @param {RouterPlace} place
 * @returns {MountFact[]}
 */
function mountsOf(index, place) {
  const found = [];
  for (const file of [place.file, ...index.filesImporting(place.file)]) {
    const view = loadModule(file);
    if (!view) continue;
    for (const mount of mountsIn(view)) if (mount.mounted.some((router) => router.file === place.file && router.at === place.at)) found.push(mount);
  }
  return found;
}

/** @type {WeakMap<ModuleView, MountFact[]>} */
const mountsOfView = new WeakMap();

/**
 * Every call of a module that mounts a router it names.
 * @param {ModuleView} view
 * @returns {MountFact[]}
 */
function mountsIn(view) {
  // Read first, also when the mounts are known: work being recorded reads the whole module either way (../modules/module-reads.js).
  void view.program;
  let mounts = mountsOfView.get(view);
  if (mounts) return mounts;
  mounts = [];
  for (const [call, frame] of callsWithFrames(view)) {
    const scope = nameScope(frame);
    const mount = mountOf(view, call, scope);
    if (!mount) continue;
    // `app.use('/v2', [auth, shop])`: Express mounts what an array holds too.
    const handed = mount.mounted.flatMap((argument) => (unwrap(argument)?.type === 'ArrayExpression' ? unwrap(argument).elements : [argument]));
    const named = mount.plugin ? pluginNamed : routerNamed;
    const mounted = handed.map((argument) => named(view, argument, scope)).filter((router) => router !== null);
    if (mounted.length > 0) mounts.push({ prefix: mount.prefix, receiver: receiverNamed(view, mount.receiver, scope), mounted });
  }
  mountsOfView.set(view, mounts);
  return mounts;
}

/**
 * A Koa router's own prefix (`new Router({ prefix: '/v2' })`), read at the call that made it: '' for any
 * other router, null when computed.
 * @param {RouterPlace} place
 * @returns {string | null}
 */
function ownPrefixAt(place) {
  const view = loadModule(place.file);
  if (!view) return '';
  for (const [call, frame] of callsWithFrames(view)) if (call.range[0] === place.at) return ownPrefix(view, call, nameScope(frame));
  return '';
}

/**
 * What the names around a call hold, as mounts.js asks.
 * @param {Frame} frame
 * @returns {NameScope}
 */
function nameScope(frame) {
  return {
    isLocal: (name) => isDeclared(frame, name),
    localInit: (name) => initOf(frame, name),
    localConstant: (name) => constantInitOf(frame, name),
    ownerOf: (name) => ownerOf(frame, name),
  };
}
