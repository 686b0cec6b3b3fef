import assert from 'node:assert/strict';
import socketServers from '../../../../rules/project/frameworks/events/socket-servers.js';
import { registrationsIn } from '../framework-probe.js';

describe('frameworks: socket servers', () => {
  it('takes the connection handler and the handlers registered on its socket as per-message entry points', () => {
    const code = [
      `import { Server } from 'socket.io';`,
      `const io = new Server();`,
      `io.on('connection', (socket) => {`,
      `  socket.on('login', async (data, cb) => cb(data));`,
      `  if (socket.handshake) socket.once('bye', () => {});`,
      `});`,
    ].join('\n');
    assert.deepEqual(
      registrationsIn(socketServers, code).map(({ label, kind }) => `${kind} ${label}`),
      ['request socket connection', 'request socket event "login"', 'request socket event "bye"'],
    );
  });

  it('ignores a connection listener in a file and package that use no socket server', () => {
    const code = `import mysql from 'mysql';\nconst pool = mysql.createPool({});\npool.on('connection', (connection) => { connection.on('error', () => {}); });`;
    assert.deepEqual(registrationsIn(socketServers, code, '/nowhere/app.js'), []);
  });
});
