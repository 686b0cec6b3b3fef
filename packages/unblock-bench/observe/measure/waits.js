/**
 * From the waits one phase recorded (each resumed await: its invocation, its site, when its
 * operand started and when it resumed) to the time overlapping would have saved.
 *
 * Within one invocation the waits follow one another. They are grouped as the waterfall rule
 * groups statements: a wait joins the earliest open group whose first member the analysis lets it
 * start together with (describeAwaitSites: the rule's own facts), later in the source than the
 * group's last member; otherwise it opens a group. A group of two or more lost the sum of its
 * waits minus the longest. Waits inside a loop the loop rule reported are that loop's: its
 * iterations (the sites start over) lost the sum of the iterations minus the longest one.
 */

/**
 * @typedef {import('../instrument/static-facts.js').FileFacts} FileFacts
 * @typedef {import('../instrument/static-facts.js').Diagnostic} Diagnostic
 *
 * @typedef {object} AwaitSite an instrumented await, as the runner knows it
 * @property {number} file index into the files' facts
 * @property {number} index the site's index in that file's `awaits.sites` (-1: the analysis does not know it)
 * @property {Diagnostic | null} loop the reported loop that holds it
 * @property {Diagnostic | null} waterfall the waterfall report whose statements hold it
 *
 * @typedef {object} Instance one group (or loop run) in one invocation
 * @property {'waterfall' | 'loop'} kind
 * @property {number} file
 * @property {Diagnostic | null} diagnostic the report it belongs to; null: the rules did not report it
 * @property {number[]} sites the member sites (a loop: each site once)
 * @property {number[]} indexes their indexes in the file's `awaits.sites`
 * @property {number} lossMs
 * @property {number[]} waitsMs each member's wait (a loop: each iteration's)
 * @property {boolean} soft the analysis kept some member in order only for not knowing what the calls do
 */

/**
 * @param {Float64Array} waits [frame, site, start, end] per record
 * @param {Map<number, AwaitSite>} sites by site id
 * @param {FileFacts[]} facts
 * @returns {Instance[]}
 */
export function waitInstances(waits, sites, facts) {
  /** @type {Instance[]} */
  const instances = [];
  for (const frame of byFrame(waits, sites)) {
    const rest = takeLoopRuns(frame, sites, instances);
    groupWaits(rest, sites, facts, instances);
  }
  return instances;
}

/**
 * @typedef {{ site: number, start: number, end: number }} Wait
 */

/**
 * The waits of each invocation, in the order they started; sites the runner does not know are left out.
 * @param {Float64Array} waits
 * @param {Map<number, AwaitSite>} sites
 * @returns {Wait[][]}
 */
function byFrame(waits, sites) {
  /** @type {Map<number, Wait[]>} */
  const frames = new Map();
  for (let i = 0; i + 3 < waits.length; i += 4) {
    const site = waits[i + 1];
    if (!sites.has(site)) continue;
    let list = frames.get(waits[i]);
    if (!list) frames.set(waits[i], (list = []));
    list.push({ site, start: waits[i + 2], end: waits[i + 3] });
  }
  return [...frames.values()].map((list) => list.sort((a, b) => a.start - b.start));
}

/**
 * Takes the runs of waits inside a reported loop out of the invocation's waits and records each
 * run's loss. Returns the waits left.
 * @param {Wait[]} waits
 * @param {Map<number, AwaitSite>} sites
 * @param {Instance[]} out
 */
function takeLoopRuns(waits, sites, out) {
  /** @type {Wait[]} */
  const rest = [];
  for (let i = 0; i < waits.length; ) {
    const site = /** @type {AwaitSite} */ (sites.get(waits[i].site));
    if (!site.loop) {
      rest.push(waits[i++]);
      continue;
    }
    let j = i;
    while (j < waits.length && sites.get(waits[j].site)?.loop === site.loop) j++;
    const iterations = splitIterations(waits.slice(i, j), sites);
    if (iterations.length >= 2) {
      const times = iterations.map((iteration) => iteration.reduce((sum, w) => sum + (w.end - w.start), 0));
      out.push({
        kind: 'loop',
        file: site.file,
        diagnostic: site.loop,
        sites: [...new Set(waits.slice(i, j).map((w) => w.site))],
        indexes: [...new Set(waits.slice(i, j).map((w) => /** @type {AwaitSite} */ (sites.get(w.site)).index))],
        lossMs: sum(times) - Math.max(...times),
        waitsMs: times,
        soft: false,
      });
    }
    i = j;
  }
  return rest;
}

/**
 * A loop's waits cut into iterations: a new one starts where the sites start over.
 * @param {Wait[]} run
 * @param {Map<number, AwaitSite>} sites
 */
function splitIterations(run, sites) {
  /** @type {Wait[][]} */
  const iterations = [];
  let previous = Infinity;
  for (const wait of run) {
    const place = /** @type {AwaitSite} */ (sites.get(wait.site)).index;
    if (place <= previous || iterations.length === 0) iterations.push([]);
    iterations[iterations.length - 1].push(wait);
    previous = place;
  }
  return iterations;
}

/**
 * @param {Wait[]} waits one invocation's waits outside reported loops
 * @param {Map<number, AwaitSite>} sites
 * @param {FileFacts[]} facts
 * @param {Instance[]} out
 */
function groupWaits(waits, sites, facts, out) {
  /** @type {Array<{ members: Wait[], file: number, first: number, last: number, soft: boolean }>} */
  const groups = [];
  for (const wait of waits) {
    const site = /** @type {AwaitSite} */ (sites.get(wait.site));
    const joined = site.index >= 0 && groups.find((group) => {
      if (group.file !== site.file || site.index <= group.last) return false;
      const ordering = facts[site.file].awaits.ordering(group.first, site.index);
      if (ordering.reason !== null && !ordering.soft) return false;
      group.soft ||= ordering.soft;
      return true;
    });
    if (joined) {
      joined.members.push(wait);
      joined.last = site.index;
    } else {
      groups.push({ members: [wait], file: site.file, first: site.index, last: site.index, soft: false });
    }
  }
  for (const group of groups) {
    if (group.members.length < 2) continue;
    const times = group.members.map((w) => w.end - w.start);
    const memberSites = group.members.map((w) => /** @type {AwaitSite} */ (sites.get(w.site)));
    out.push({
      kind: 'waterfall',
      file: group.file,
      diagnostic: memberSites.find((s) => s.waterfall)?.waterfall ?? null,
      sites: group.members.map((w) => w.site),
      indexes: memberSites.map((s) => s.index),
      lossMs: sum(times) - Math.max(...times),
      waitsMs: times,
      soft: group.soft,
    });
  }
}

/** @param {number[]} values */
function sum(values) {
  return values.reduce((a, b) => a + b, 0);
}
