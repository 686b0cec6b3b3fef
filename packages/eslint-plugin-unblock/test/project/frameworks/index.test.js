import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { frameworks } from '../../../rules/project/frameworks/index.js';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../rules/project/frameworks');

describe('frameworks: the list', () => {
  it('has a unique name and at least one way of recognising entry points per module', () => {
    const names = frameworks.map((framework) => framework.name);
    assert.equal(new Set(names).size, names.length);
    for (const framework of frameworks) assert.ok(framework.registrations || framework.declared, framework.name);
  });

  it('has a test beside every framework module', () => {
    const tests = path.dirname(fileURLToPath(import.meta.url));
    // In the folder of its kind, as the modules are (servers/, apps/, events/).
    const kinds = ['servers', 'apps', 'events'];
    for (const framework of frameworks) {
      assert.ok(kinds.some((kind) => fs.existsSync(path.join(tests, kind, `${framework.name}.test.js`))), `${framework.name}.test.js`);
    }
    assert.ok(fs.existsSync(folder));
  });
});
