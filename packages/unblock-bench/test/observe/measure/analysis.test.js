/**
 * The observer's arithmetic on what a server recorded, with made-up records: which waits could
 * have overlapped and what that would have saved, what a reported loop lost, which stretches of a
 * CPU profile were blocks and where, and which functions ran only at start-up.
 */
import assert from 'node:assert/strict';
import { waitInstances } from '../../../observe/measure/waits.js';
import { findBlocks } from '../../../observe/measure/blocks.js';
import { whereCodeRan } from '../../../observe/measure/where-ran.js';
import { worthShowing } from '../../../observe/result.js';

/**
 * Facts for one file whose sites 0..n-1 are ordered as `orderings` says ("i,j" → reason, soft).
 * @param {Record<string, { reason: string | null, soft: boolean }>} orderings missing pairs are independent
 */
function factsWith(orderings) {
  return [/** @type {any} */ ({ awaits: { ordering: (/** @type {number} */ i, /** @type {number} */ j) => orderings[`${i},${j}`] ?? { reason: null, soft: false } } })];
}

/**
 * Site ids equal their analysis index here.
 * @param {number} count
 * @param {{ loop?: any, waterfall?: any }} [report]
 */
function sitesFor(count, report = {}) {
  return new Map(Array.from({ length: count }, (_, i) => [i, { file: 0, index: i, loop: report.loop ?? null, waterfall: report.waterfall ?? null }]));
}

/**
 * Records of one frame waiting on the sites in turn, each for its time.
 * @param {number} frame
 * @param {Array<[number, number]>} waits [site, ms]
 * @param {number} [from]
 */
function frameWaits(frame, waits, from = 0) {
  const out = [];
  let t = from;
  for (const [site, ms] of waits) {
    out.push(frame, site, t, t + ms);
    t += ms + 1;
  }
  return out;
}

describe('observe: what the waits lost', () => {
  it('three independent 15 ms waits in a row lost 30 ms; each invocation counts on its own', () => {
    const waits = Float64Array.from([...frameWaits(1, [[0, 15], [1, 15], [2, 15]]), ...frameWaits(2, [[0, 15], [1, 15], [2, 15]], 3)]);
    const diagnostic = { line: 2 };
    const instances = waitInstances(waits, sitesFor(3, { waterfall: diagnostic }), factsWith({}));
    assert.deepEqual(instances.map((i) => [i.kind, i.lossMs, i.diagnostic]), [['waterfall', 30, diagnostic], ['waterfall', 30, diagnostic]]);
  });

  it('a wait that needs the one before starts nothing with it, but one after may still join the first', () => {
    // Site 1 needs site 0; site 2 needs neither: [0, 2] start together, 1 stays after 0.
    const waits = Float64Array.from(frameWaits(1, [[0, 10], [1, 20], [2, 30]]));
    const instances = waitInstances(waits, sitesFor(3), factsWith({ '0,1': { reason: 'binding flow', soft: false } }));
    assert.deepEqual(instances.map((i) => [i.sites, i.lossMs, i.diagnostic, i.soft]), [[[0, 2], 10, null, false]]);
  });

  it('marks a group kept in order only for not knowing what the calls do', () => {
    const waits = Float64Array.from(frameWaits(1, [[0, 20], [1, 20]]));
    const [instance] = waitInstances(waits, sitesFor(2), factsWith({ '0,1': { reason: 'same receiver', soft: true } }));
    assert.equal(instance.soft, true);
    assert.equal(instance.lossMs, 20);
  });

  it('a reported loop lost the sum of its iterations minus the longest', () => {
    const loop = { line: 5 };
    // Two awaits per iteration (sites 0 and 1), three iterations.
    const waits = Float64Array.from(frameWaits(1, [[0, 5], [1, 5], [0, 5], [1, 5], [0, 5], [1, 5]]));
    const [instance, ...rest] = waitInstances(waits, sitesFor(2, { loop }), factsWith({}));
    assert.deepEqual(rest, []);
    assert.equal(instance.kind, 'loop');
    assert.deepEqual(instance.waitsMs, [10, 10, 10]);
    assert.equal(instance.lossMs, 20);
  });

  it('a single wait, or waits of unknown sites, lost nothing', () => {
    const waits = Float64Array.from([...frameWaits(1, [[0, 10]]), ...frameWaits(2, [[7, 10], [8, 10]])]);
    assert.deepEqual(waitInstances(waits, sitesFor(1), factsWith({})), []);
  });
});

/**
 * A profile whose samples (1 ms apart) are the given frame names; "(idle)" marks the loop waiting.
 * @param {string[]} names
 * @param {number} [gapAt] a sample after which the process did not run for 20 ms
 */
function profileOf(names, gapAt) {
  const kinds = [...new Set(names)];
  const nodes = [
    { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1, columnNumber: -1 }, children: kinds.map((_, i) => i + 2) },
    ...kinds.map((name, i) => ({ id: i + 2, callFrame: { functionName: name, url: name.startsWith('(') ? '' : `file:///app/${name}.js`, lineNumber: 0, columnNumber: 0 }, positionTicks: [{ line: 7, ticks: 3 }] })),
  ];
  return {
    nodes,
    startTime: 1_000_000,
    endTime: 1_000_000 + names.length * 1000,
    samples: names.map((name) => kinds.indexOf(name) + 2),
    timeDeltas: names.map((_, i) => (gapAt !== undefined && i === gapAt + 1 ? 20_000 : 1000)),
  };
}

/** @type {import('../../../observe/measure/blocks.js').ResolveFrame} */
const resolve = (url) => {
  const name = /\/(\w+)\.js$/.exec(url)?.[1];
  return name ? { file: 0, fn: { id: name.length, name, line: 3, range: [0, 10] }, line: 3, where: `app/${name}.js:3` } : null;
};

describe('observe: blocks of the main thread', () => {
  it('finds a busy stretch of 10 ms or more and places it at the busiest line of the project function', () => {
    const profile = profileOf(['(idle)', ...Array(14).fill('render'), '(idle)', ...Array(4).fill('render'), '(idle)']);
    const blocks = findBlocks(profile, [], resolve);
    assert.equal(blocks.length, 1, 'the 4 ms stretch is no block');
    assert.equal(blocks[0].name, 'render');
    assert.equal(blocks[0].line, 7);
    assert.equal(blocks[0].durationMs, 14);
    assert.deepEqual(blocks[0].stack, ['render (app/render.js:3)']);
  });

  it('leaves out the time of reported calls (measured on their own) and of a process that did not run', () => {
    const busy = profileOf(['(idle)', ...Array(20).fill('hash'), '(idle)']);
    // The reported call covers the 6th to the 20th sample: 5 ms before it is no block.
    const start = busy.startTime + 6000;
    assert.deepEqual(findBlocks(busy, [[start, start + 15_000]], resolve), []);
    // Five samples, one of them after a 20 ms pause of the whole process: 5 ms of work at most 3 ms each.
    const starved = profileOf(['(idle)', ...Array(5).fill('hash'), '(idle)'], 2);
    assert.deepEqual(findBlocks(starved, [], resolve), []);
  });

  it('cuts a busy stretch where a request arrived: two requests served back to back are two blocks', () => {
    const profile = profileOf(['(idle)', ...Array(24).fill('render'), '(idle)']);
    // Sample i is taken at startTime + (i + 1) ms: the second request arrives after the 12th render sample.
    const blocks = findBlocks(profile, [], resolve, [profile.startTime + 13_500]);
    assert.deepEqual(blocks.map((b) => b.durationMs), [12, 12]);
  });

  it('needs project code on the stack to name a place', () => {
    const profile = profileOf(['(idle)', ...Array(15).fill('(garbage collector)'), '(idle)']);
    assert.deepEqual(findBlocks(profile, [], resolve), []);
  });
});

describe('observe: what the rules missed is shown when it stands out', () => {
  /** @param {Partial<import('../../../observe/measure/summarize.js').Finding>} f */
  const missed = (f) => /** @type {any} */ ({ kind: 'blocking', rule: null, perRequestMs: 5, runs: 10, ...f });

  it('a block that recurs; not one long stretch in one request of many (the machine, as likely as the code)', () => {
    assert.equal(worthShowing(missed({}), 40), true);
    assert.equal(worthShowing(missed({ runs: 1 }), 13), false);
    assert.equal(worthShowing(missed({ runs: 2 }), 100), false);
  });

  it('a waterfall that lost half a millisecond per request or more', () => {
    assert.equal(worthShowing(missed({ kind: 'waterfall', runs: 1 }), 40), true);
    assert.equal(worthShowing(missed({ kind: 'waterfall', perRequestMs: 0.2 }), 40), false);
  });
});

describe('observe: where code ran', () => {
  const fn = (/** @type {number} */ id, /** @type {string} */ name) => ({ file: 'app.js', entry: { id, name, line: id + 1, column: 0, endLine: id + 2, endColumn: 1, range: /** @type {[number, number]} */ ([0, 1]) } });

  it('start-up only: ran before listening and never while serving; served: with its routes', () => {
    const functions = [fn(0, 'loadConfig'), fn(1, 'handler'), fn(2, 'neverRan'), fn(3, 'both')];
    const startup = Float64Array.from([1, 0, 0, 1]);
    const routes = [
      { route: 'GET /a', counters: [Float64Array.from([0, 0, 0, 0]), Float64Array.from([0, 5, 0, 1])] },
      { route: 'GET /b', counters: [Float64Array.from([0, 2, 0, 0])] },
    ];
    const { startupOnly, served } = whereCodeRan(functions, startup, routes);
    assert.deepEqual(startupOnly.map((f) => f.name), ['loadConfig']);
    assert.deepEqual(served.map((f) => [f.name, f.routes, f.calls]), [['handler', ['GET /a', 'GET /b'], 7], ['both', ['GET /a'], 1]]);
  });
});
