/**
 * The evidence sources, in the order they are asked about a call: the first
 * that has something to say decides (call-evidence.js). A new source is one
 * file in this folder, exporting an EvidenceSource (../body-calls/call-effect.js), and one
 * line here; it gets its own test in the package's test/project/evidence/.
 */
import sqlCalls from './sql-calls.js';
import httpClients from './http-clients.js';
import nodePureModules from './node-pure-modules.js';
import nodeFs from './node-fs.js';
import nodeChildProcess from './node-child-process.js';
import nodeThreadPool from './node-thread-pool.js';
import purePackages from './pure-packages.js';
import redisScripts from './redis-scripts.js';
import pureGlobals from './pure-globals.js';
import timers from './timers.js';
import threadMessages from './thread-messages.js';
import boundFunctions from './bound-functions.js';
import responseBody from './response-body.js';
import builtinMethods from './builtin-methods.js';

/** @type {readonly import('../body-calls/call-effect.js').EvidenceSource[]} */
export const EVIDENCE_SOURCES = Object.freeze([
  sqlCalls,
  httpClients,
  nodePureModules,
  nodeFs,
  nodeChildProcess,
  nodeThreadPool,
  purePackages,
  redisScripts,
  pureGlobals,
  timers,
  threadMessages,
  boundFunctions,
  responseBody,
  builtinMethods,
]);
