import assert from 'node:assert/strict';
import purePackages from '../../../rules/project/evidence/pure-packages.js';
import { sourceSays } from './call-site.js';

describe('evidence: packages whose functions only compute', () => {
  // date-fns helpers carry write-verb names (`addDays`, `endOfDay`) but only compute and return a new date.
  it('a date-fns helper is pure and returns a new value, by any import form', () => {
    assert.deepEqual(sourceSays(purePackages, "import { addDays } from 'date-fns';\nfunction target(d) { return addDays(d, 1); }"), {
      kind: 'none', io: false, reads: [], writes: [], returns: 'value',
    });
    assert.equal(sourceSays(purePackages, "import * as dates from 'date-fns';\nfunction target(d) { return dates.endOfDay(d); }")?.kind, 'none');
    assert.equal(sourceSays(purePackages, "const { startOfToday } = require('date-fns');\nfunction target() { return startOfToday(); }")?.kind, 'none');
    assert.equal(sourceSays(purePackages, "import { toZonedTime } from 'date-fns-tz/toZonedTime';\nfunction target(d) { return toZonedTime(d, 'UTC'); }")?.kind, 'none');
  });

  it('says nothing about other packages, a local module of the same name, or a name the function binds', () => {
    assert.equal(sourceSays(purePackages, "import dayjs from 'dayjs';\nfunction target(l) { return dayjs.locale(l); }"), null);
    assert.equal(sourceSays(purePackages, "import { addDays } from './date-fns';\nfunction target(d) { return addDays(d, 1); }"), null);
    assert.equal(sourceSays(purePackages, "import { addDays } from 'date-fns';\nfunction target(addDays, d) { return addDays(d, 1); }"), null);
  });
});
