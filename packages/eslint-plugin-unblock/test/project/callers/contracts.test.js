/**
 * Contract dispatch: a method that fulfils a contract (overrides a base class's method, implements an
 * interface's) is run where the contract's method is called on a value whose class the code does not
 * say. Found on ghostfolio (data providers behind DataProviderInterface), Outline (tasks run by the
 * queue through BaseTask.perform) and uptime-kuma (monitor types kept in a registry of instances).
 * Each fixture is a project on disk, linted whole.
 */
import assert from 'node:assert/strict';
import { lintFixture } from '../lint-fixture.js';

/**
 * @param {Record<string, Array<{ ruleId: string | null, line: number, message: string }>>} reports
 * @param {string} file
 */
const waterfallsIn = (reports, file) => {
  assert.ok(reports[file], `${file} was linted`);
  return reports[file].filter((report) => report.ruleId === 'unblock/no-await-waterfall');
};

describe('project index: contract dispatch', () => {
  it('reports an interface method called through the contract on a request', async () => {
    const reports = await lintFixture('contract-interface');
    assert.deepEqual(waterfallsIn(reports, 'feeds/wire-source.ts').map((report) => report.line), [6]);
  });

  it('is silent on a method whose contract no module that calls it knows', async () => {
    const reports = await lintFixture('contract-interface');
    assert.deepEqual(waterfallsIn(reports, 'jobs/sweep.ts'), []);
  });

  it('reports an override made in a registry of instances and called by a module that imports the registry', async () => {
    const reports = await lintFixture('contract-registry');
    assert.deepEqual(waterfallsIn(reports, 'exporters/csv-exporter.js').map((report) => report.line), [6]);
  });

  it('reports a task loaded by file name and run through its abstract base (reduced from Outline)', async () => {
    const reports = await lintFixture('contract-tasks');
    assert.deepEqual(waterfallsIn(reports, 'tasks/MentionNotificationsTask.ts').map((report) => report.line), [9]);
  });
});

describe('project index: a constant made by `new` inside a function (found on Outline)', () => {
  it('runs the method of its class, and a `let` that may be given another value does not', async () => {
    const reports = await lintFixture('local-instance');
    assert.deepEqual(waterfallsIn(reports, 'digest-builder.js').map((report) => report.line), [4]);
    assert.match(waterfallsIn(reports, 'digest-builder.js')[0].message, /reached from /);
    assert.deepEqual(waterfallsIn(reports, 'legacy-digest.js'), []);
  });
});

describe('project index: contract dispatch is bounded', () => {
  it('does not read the calls of a contract that more modules know than it reads', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-wide-contract-'));
    try {
      const write = (/** @type {string} */ name, /** @type {string} */ text) => fs.writeFileSync(path.join(dir, name), text);
      write('package.json', '{ "name": "wide-contract", "private": true, "type": "module" }');
      write('step.js', 'export class Step {\n  async apply() {}\n}\n');
      write('fetch-step.js', "import { Step } from './step.js';\n\nexport class FetchStep extends Step {\n  async apply(id) {\n    const a = await fetch(`https://a.example/${id}`);\n    const b = await fetch(`https://b.example/${id}`);\n    return [a.status, b.status];\n  }\n}\n");
      write('server.js', "import http from 'node:http';\nimport { Step } from './step.js';\nimport { FetchStep } from './fetch-step.js';\n\nconst steps = [new FetchStep()];\nhttp.createServer(async (req, res) => {\n  for (const step of steps) if (step instanceof Step) await step.apply(req.url);\n  res.end();\n}).listen(8080);\n");
      // Many modules that know the contract: past the bound, its calls are not looked for.
      for (let i = 0; i < 160; i++) write(`user-${i}.js`, `import { Step } from './step.js';\nexport const kind${i} = Step.name;\n`);
      const reports = await lintFixture('contract-interface', undefined, { at: dir });
      assert.ok(reports['fetch-step.js'], 'the implementation was linted');
      assert.deepEqual(waterfallsIn(reports, 'fetch-step.js'), []);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('project index: contract dispatch on odd classes', () => {
  it('lints without a crash, and finds no contract, where the base is made by a call, named through a namespace, or extends in a circle', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-odd-contracts-'));
    try {
      const write = (/** @type {string} */ name, /** @type {string} */ text) => fs.writeFileSync(path.join(dir, name), text);
      const reads = 'const a = await fetch(`https://a.example/${id}`);\n    const b = await fetch(`https://b.example/${id}`);\n    return [a.status, b.status];';
      write('package.json', '{ "name": "odd-contracts", "private": true }');
      write('shapes.ts', 'export interface Shape {\n  load(id: string): Promise<number[]>;\n}\nexport const mixin = <T>(base: T) => base;\nexport class Base {\n  async load(id: string): Promise<number[]> { return [id.length]; }\n}\n');
      write('odd.ts', `import * as shapes from './shapes';\nimport { mixin, Base } from './shapes';\nimport { Loop } from './loop';\n\nexport class Mixed extends mixin(Base) {\n  async load(id: string) {\n    ${reads}\n  }\n}\n\nexport class Named implements shapes.Shape {\n  async load(id: string) {\n    ${reads}\n  }\n}\n\nexport class Circle extends Loop {\n  async load(id: string) {\n    ${reads}\n  }\n}\n`);
      write('loop.ts', "import { Circle } from './odd';\n\nexport class Loop extends Circle {}\n");
      write('server.ts', "import http from 'node:http';\nimport './odd';\n\nconst loaders: Array<{ load(id: string): Promise<number[]> }> = [];\nhttp.createServer(async (req, res) => {\n  res.end(String(await Promise.all(loaders.map((loader) => loader.load(req.url ?? '')))));\n}).listen(8080);\n");
      const reports = await lintFixture('contract-interface', undefined, { at: dir });
      assert.ok(reports['odd.ts'], 'the odd classes were linted');
      assert.deepEqual(reports['odd.ts'].filter((report) => report.ruleId === null), [], 'no crash or parse error');
      assert.deepEqual(waterfallsIn(reports, 'odd.ts'), []);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
