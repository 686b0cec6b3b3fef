/**
 * The "Measure" CodeLens reads what `unblock-bench observe` measured from the report's message
 * (the rules add it there from .unblock/observed.json), so the lens and the hover agree.
 */
import assert from 'node:assert/strict';
import { measureLensTitle, measuredAt } from '../../extension/src/mapping/measured.js';

describe('extension: the measured time of a report', () => {
  it('reads the costliest route of a waterfall', () => {
    const message = '`a()` and `b()` wait for each other though neither uses the other\'s result; start them together with Promise.all; seen on GET /dashboard: 30 ms lost per request.';
    assert.deepEqual(measuredAt(message), { route: 'GET /dashboard', ms: 30, blocking: false });
    assert.equal(measureLensTitle(message), 'Measured: 30 ms lost per request on GET /dashboard');
  });

  it('reads a blocking call seen on several routes', () => {
    const message = '`pbkdf2Sync()` computes on the main thread; use pbkdf2 instead; seen on POST /login: 21 ms and on GET /a: 2.4 ms of event-loop time per request and 1 more route.';
    assert.deepEqual(measuredAt(message), { route: 'POST /login', ms: 21, blocking: true });
    assert.equal(measureLensTitle(message), 'Measured: 21 ms of event loop per request on POST /login');
  });

  it('invites to measure where nothing was measured', () => {
    assert.equal(measuredAt('`a()` and `b()` wait for each other; start them together with Promise.all.'), null);
    assert.equal(measureLensTitle('anything'), 'Measure');
  });

  it('reads no route longer than the rules ever write, and keeps the title to a line', () => {
    const long = `GET /${'a'.repeat(25_000)}`;
    const message = `\`a()\` and \`b()\` wait for each other; start them together with Promise.all; seen on ${long}: 30 ms and on ${long}: 2 ms lost per request.`;
    assert.equal(measuredAt(message), null);
    assert.equal(measureLensTitle(message), 'Measure');
    const longest = `GET /${'a'.repeat(195)}`;
    assert.equal(measuredAt(`x; seen on ${longest}: 3 ms and on ${longest}: 2 ms lost per request and 4 more routes.`)?.route, longest);
  });
});
