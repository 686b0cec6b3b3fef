import assert from 'node:assert/strict';
import boundFunctions from '../../../rules/project/evidence/bound-functions.js';
import { PURE } from '../../../rules/project/body-calls/call-effect.js';
import { sourceSays } from './call-site.js';

describe('evidence: binding a function the code defines', () => {
  it('binding a function of the module only makes a new function', () => {
    assert.equal(sourceSays(boundFunctions, 'function format(row) { return row; }\nfunction target(self) { return format.bind(self); }'), PURE);
  });

  it('says nothing of a bind on a value it cannot follow to a function (a socket binds a port)', () => {
    assert.equal(sourceSays(boundFunctions, 'function target(socket) { return socket.bind(4000); }'), null);
    assert.equal(sourceSays(boundFunctions, "import dgram from 'node:dgram';\nconst socket = dgram.createSocket('udp4');\nfunction target() { return socket.bind(4000); }"), null);
  });
});
