/**
 * Main-thread blocks seen in a phase's CPU profile: maximal stretches of samples in which the
 * thread was never idle (garbage collection included: the loop waits for it too), with the time
 * spent in calls the blocking rule reported (timed by the instrumentation) cut out. A stretch of
 * at least BLOCK_MS is a block; it is placed in the user's code at the deepest function of the
 * project that is on the stack for at least half of its samples, at that function's busiest line.
 */

/** A stretch shorter than this is not a block worth showing. */
export const BLOCK_MS = 10;
/**
 * A sample stands for the time until the next one, but at most this many intervals: a longer gap
 * means the whole process was not running (another process had the core), not that code held it.
 */
const MAX_SAMPLE_INTERVALS = 3;

/**
 * @typedef {import('../instrument/profiler.js').CpuProfile} CpuProfile
 * @typedef {{ id: number, name: string, line: number, range: [number, number] }} FunctionPlace
 * @typedef {(url: string, line: number, column: number) => { file: number, fn: FunctionPlace | null, line: number, where: string } | null} ResolveFrame
 *   a profile frame (0-based line and column in the running, instrumented file) in the project's own
 *   source, or null for code outside it (Node's, dependencies')
 *
 * @typedef {object} Block
 * @property {number} file
 * @property {number} line 1-based, in the original source
 * @property {string} name the function the block is placed in
 * @property {number} durationMs
 * @property {string[]} stack from the outermost project frame in, and the first frame below the place
 */

/**
 * @param {CpuProfile} profile
 * @param {Array<[number, number]>} timed the reported calls' intervals, in profile microseconds
 * @param {ResolveFrame} resolve
 * @param {number[]} [boundaries] when requests arrived, in profile microseconds: a stretch ends there
 * @returns {Block[]}
 */
export function findBlocks(profile, timed, resolve, boundaries = []) {
  const tree = profileTree(profile, resolve);
  const interval = typicalInterval(profile);
  /** @type {Block[]} */
  const blocks = [];
  for (const stretch of busyStretches(profile, tree, timed, boundaries)) {
    const durationMs = stretch.reduce((total, s) => total + Math.min(s.us, MAX_SAMPLE_INTERVALS * interval), 0) / 1000;
    if (durationMs < BLOCK_MS) continue;
    const place = placeOf(stretch.map((s) => s.node), tree);
    if (place) blocks.push({ ...place, durationMs });
  }
  return blocks;
}

/**
 * The median time between samples, in microseconds.
 * @param {CpuProfile} profile
 */
function typicalInterval(profile) {
  const deltas = profile.timeDeltas.slice(1).sort((a, b) => a - b);
  return deltas.length > 0 ? deltas[deltas.length >> 1] : 1000;
}

/**
 * @typedef {{ parent: Map<number, number>, nodes: Map<number, CpuProfile['nodes'][number]>, own: Map<number, ReturnType<ResolveFrame>> }} Tree
 */

/**
 * @param {CpuProfile} profile
 * @param {ResolveFrame} resolve
 * @returns {Tree}
 */
function profileTree(profile, resolve) {
  const parent = new Map();
  const nodes = new Map();
  const own = new Map();
  for (const node of profile.nodes) {
    nodes.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
    const { url, lineNumber, columnNumber } = node.callFrame;
    own.set(node.id, url ? resolve(url, lineNumber, columnNumber) : null);
  }
  return { parent, nodes, own };
}

/**
 * The profile's samples cut into busy stretches: idle and "(program)" samples (the loop waiting
 * or between tasks) end one, and so do samples inside a timed call (measured on their own) and
 * a request's arrival (a new task, even when the loop had no moment to be idle before it).
 * @param {CpuProfile} profile
 * @param {Tree} tree
 * @param {Array<[number, number]>} timed
 * @param {number[]} boundaries
 * @returns {Array<Array<{ node: number, us: number }>>}
 */
function busyStretches(profile, tree, timed, boundaries) {
  const intervals = [...timed].sort((a, b) => a[0] - b[0]);
  const cuts = [...boundaries].sort((a, b) => a - b);
  let c = 0;
  /** @type {Array<Array<{ node: number, us: number }>>} */
  const stretches = [];
  /** @type {Array<{ node: number, us: number }>} */
  let current = [];
  const end = () => {
    if (current.length > 0) stretches.push(current);
    current = [];
  };
  let t = profile.startTime;
  let k = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    // A sample stands for the time until the next one.
    const us = i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : 0;
    const name = tree.nodes.get(profile.samples[i])?.callFrame.functionName;
    while (k < intervals.length && intervals[k][1] < t) k++;
    if (c < cuts.length && cuts[c] <= t) {
      end();
      while (c < cuts.length && cuts[c] <= t) c++;
    }
    const inTimedCall = k < intervals.length && intervals[k][0] <= t;
    if (name === '(idle)' || name === '(program)' || inTimedCall) end();
    else current.push({ node: profile.samples[i], us });
  }
  end();
  return stretches;
}

/**
 * Where in the project a stretch of samples was spent.
 * @param {number[]} samples the innermost node of each sample
 * @param {Tree} tree
 * @returns {Omit<Block, 'durationMs'> | null}
 */
function placeOf(samples, tree) {
  /** @type {Map<string, { count: number, depth: number, frame: NonNullable<ReturnType<ResolveFrame>>, lines: Map<number, number> }>} */
  const functions = new Map();
  for (const leaf of samples) {
    const chain = projectChain(leaf, tree);
    /** A function on the stack twice (recursion) holds the sample once. */
    const counted = new Set();
    chain.forEach(({ frame, node }, depth) => {
      const key = `${frame.file}:${frame.fn?.id ?? frame.line}`;
      if (counted.has(key)) return;
      counted.add(key);
      let entry = functions.get(key);
      if (!entry) functions.set(key, (entry = { count: 0, depth, frame, lines: new Map() }));
      entry.count++;
      entry.depth = Math.max(entry.depth, depth);
      // The line a sample was at is known for the innermost frame only (V8's position ticks).
      if (node === leaf) for (const tick of tree.nodes.get(node)?.positionTicks ?? []) entry.lines.set(tick.line, (entry.lines.get(tick.line) ?? 0) + tick.ticks);
    });
  }
  const held = [...functions.values()].filter((f) => f.count * 2 >= samples.length).sort((a, b) => b.depth - a.depth);
  const chosen = held[0];
  if (!chosen) return null;
  const busiest = [...chosen.lines].sort((a, b) => b[1] - a[1])[0];
  return {
    file: chosen.frame.file,
    line: busiest ? busiest[0] : chosen.frame.line,
    name: chosen.frame.fn?.name ?? '(top level)',
    stack: stackOf(samples, tree),
  };
}

/**
 * The project's frames on a sample's stack, outermost first.
 * @param {number} leaf
 * @param {Tree} tree
 */
function projectChain(leaf, tree) {
  /** @type {Array<{ frame: NonNullable<ReturnType<ResolveFrame>>, node: number }>} */
  const chain = [];
  for (let id = /** @type {number | undefined} */ (leaf); id !== undefined; id = tree.parent.get(id)) {
    const frame = tree.own.get(id);
    if (frame) chain.unshift({ frame, node: id });
  }
  return chain;
}

/**
 * The most frequent sample's stack, from its outermost project frame in (at most eight frames).
 * @param {number[]} samples
 * @param {Tree} tree
 */
function stackOf(samples, tree) {
  /** @type {Map<number, number>} */
  const counts = new Map();
  for (const leaf of samples) counts.set(leaf, (counts.get(leaf) ?? 0) + 1);
  const leaf = [...counts].sort((a, b) => b[1] - a[1])[0][0];
  /** @type {string[]} */
  const frames = [];
  for (let id = /** @type {number | undefined} */ (leaf); id !== undefined; id = tree.parent.get(id)) {
    const node = tree.nodes.get(id);
    if (!node || node.callFrame.functionName === '(root)') continue;
    const own = tree.own.get(id);
    const name = own?.fn?.name ?? (node.callFrame.functionName || '(anonymous)');
    frames.unshift(own ? `${name} (${own.where})` : name);
  }
  const chain = projectChain(leaf, tree);
  const firstOwn = chain.length > 0 ? frames.length - depthBelow(leaf, chain[0].node, tree) - 1 : 0;
  return frames.slice(Math.max(0, firstOwn)).slice(0, 8);
}

/**
 * How many frames lie between a leaf and one of its ancestors.
 * @param {number} leaf
 * @param {number} ancestor
 * @param {Tree} tree
 */
function depthBelow(leaf, ancestor, tree) {
  let depth = 0;
  for (let id = /** @type {number | undefined} */ (leaf); id !== undefined && id !== ancestor; id = tree.parent.get(id)) depth++;
  return depth;
}
