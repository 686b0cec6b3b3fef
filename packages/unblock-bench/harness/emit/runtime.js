// Loaded by every generated harness module (see emit.js). Gives the extracted function its
// simulated world: stand-ins for databases, HTTP clients and request objects whose awaited calls
// take the latency model's time and return deterministic, "shape-anything" values.
import { AsyncLocalStorage } from 'node:async_hooks';
import { inspect } from 'node:util';
import { createLatencySource } from './latency.js';
import { argumentsKey, compactId, hash, isSimulated, markSimulated, serialise } from '../extract/value-identity.js';

/** A cheap route every harness answers at once: the runner's bystander probe. */
export const BYSTANDER_PATH = '/__unblock/bystander';

/** How many elements a simulated collection has when iterated or mapped. */
const COLLECTION_SIZE = 3;
/**
 * A request that touches simulated values more often than this is looping on them (for example
 * "fetch pages until the cursor is empty", which never ends on values that are always truthy).
 */
const TOUCH_LIMIT = 100_000;

const ARRAY_METHODS = new Set(
  Object.getOwnPropertyNames(Array.prototype).filter(
    (name) => typeof Array.prototype[name] === 'function' && !['constructor', 'toString', 'toLocaleString'].includes(name),
  ),
);
/** Array methods that take a callback: called without one, the name is probably a service method (`users.find({ id })`). */
const CALLBACK_METHODS = new Set(['map', 'filter', 'find', 'findIndex', 'findLast', 'findLastIndex', 'forEach', 'some', 'every', 'reduce', 'reduceRight', 'flatMap', 'sort', 'toSorted']);

export class SimulationLimitError extends Error {}

/**
 * @typedef {{ calls: string[], touches: number, inFlight: number, maxInFlight: number }} RequestContext
 * @typedef {{ shape: string, id: string, parent: SimState | null, children: Map<PropertyKey, any>, overrides: Map<PropertyKey, any>, methods: object | null, items: any[] | null }} SimState
 */

/**
 * What every simulated value of one harness shares: the latency source its awaited calls wait on,
 * which call paths are awaited or answer through a callback, and the current request's context.
 * @typedef {{
 *   latency: ReturnType<typeof createLatencySource>,
 *   asyncSet: Set<string>,
 *   callbackSet: Set<string>,
 *   storage: AsyncLocalStorage<RequestContext>,
 *   context: () => RequestContext,
 * }} World
 */

/**
 * @param {{ model: import('./latency.js').LatencyModel | import('./latency.js').StepsModel, asyncCalls: string[], callbackCalls?: string[] }} options
 */
export function createHarness({ model, asyncCalls, callbackCalls = [] }) {
  /** @type {AsyncLocalStorage<RequestContext>} */
  const storage = new AsyncLocalStorage();
  /** Contexts used outside a request (module initialisation) share one log that is never reported. */
  const idle = newRequestContext();
  /** @type {World} */
  const world = {
    latency: createLatencySource(model),
    asyncSet: new Set(asyncCalls),
    callbackSet: new Set(callbackCalls),
    storage,
    context: () => storage.getStore() ?? idle,
  };

  return {
    latency: world.latency,
    /** A stand-in for something the harness cannot run (an imported client, a request object). */
    external: (/** @type {string} */ name) => makeValue(world, name, name, null),
    /**
     * Wraps the extracted function in a Node request handler. The response body is the function's
     * result plus the sorted list of simulated calls it made (with their arguments): two variants
     * that give equal bodies did the same work with the same inputs, in whatever order.
     * @param {Function} target
     * @param {{ params: string[], self?: object }} shape
     */
    handler(target, { params, self }) {
      const invoke = () => invokeInRequest(world, target, params, self);
      /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
      async function handle(req, res) {
        if (req.url === BYSTANDER_PATH) {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end('ok');
          return;
        }
        const { status, body } = await invoke();
        const text = JSON.stringify(body);
        res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.end(text);
      }
      handle.invoke = invoke;
      return handle;
    },
  };
}

/** @returns {RequestContext} */
function newRequestContext() {
  return { calls: [], touches: 0, inFlight: 0, maxInFlight: 0 };
}

/**
 * Calls the extracted function once in its own request context, with stand-ins for its
 * parameters and `this`, and turns its result or error into a response.
 * @param {World} world
 * @param {Function} target
 * @param {string[]} params
 * @param {object} [self]
 */
async function invokeInRequest(world, target, params, self) {
  const ctx = newRequestContext();
  const { latency } = world;
  const stepsBefore = /** @type {any} */ (latency).steps ?? 0;
  const waits = () => (/** @type {any} */ (latency).steps ?? 0) - stepsBefore;
  return world.storage.run(ctx, async () => {
    const thisArg = self ? makeValue(world, 'this', 'this', null, self) : undefined;
    const args = params.map((name) => makeValue(world, name, name, null));
    try {
      const result = await target.apply(thisArg, args);
      return { status: 200, body: { result: serialise(result), calls: ctx.calls.sort() }, maxInFlight: ctx.maxInFlight, waits: waits() };
    } catch (error) {
      const status = error instanceof SimulationLimitError ? 508 : 500;
      return { status, body: { error: String(error?.message ?? error), calls: ctx.calls.sort() }, maxInFlight: ctx.maxInFlight, waits: waits() };
    }
  });
}

/** @param {RequestContext} ctx */
function touch(ctx) {
  ctx.touches += 1;
  if (ctx.touches > TOUCH_LIMIT) {
    throw new SimulationLimitError(`the function touched simulated values more than ${TOUCH_LIMIT} times in one call; it probably loops until a backend returns an empty or false value, which simulated values never are`);
  }
}

/**
 * @param {World} world
 * @param {string} shape the path without arguments: `db.users.find().limit`
 * @param {string} id the path with arguments: deterministic identity of the value
 * @param {SimState | null} parent
 * @param {object | null} [methods] real methods (class methods of a simulated `this`)
 */
function makeValue(world, shape, id, parent, methods = null) {
  /** @type {SimState} */
  const state = { shape, id, parent, children: new Map(), overrides: new Map(), methods, items: null };
  const target = function simulated() {};
  const proxy = new Proxy(target, {
    get(_, prop, receiver) {
      return readMember(world, state, prop, receiver);
    },
    set(_, prop, value) {
      state.overrides.set(prop, value);
      return true;
    },
    deleteProperty(_, prop) {
      state.overrides.set(prop, undefined);
      return true;
    },
    has(_, prop) {
      return state.overrides.has(prop) || Boolean(methods && prop in methods);
    },
    apply(_, thisArg, args) {
      return callValue(world, state, args);
    },
    construct(_, args) {
      return callValue(world, state, args, 'new ');
    },
  });
  markSimulated(proxy);
  return proxy;
}

/**
 * `value.prop`: what the user wrote onto the value, a real method, or a child value made on first use.
 * @param {World} world @param {SimState} state @param {PropertyKey} prop @param {any} receiver
 */
function readMember(world, state, prop, receiver) {
  touch(world.context());
  const { methods } = state;
  if (state.overrides.has(prop)) return state.overrides.get(prop);
  if (methods && prop in methods) return Reflect.get(methods, prop, receiver);
  if (typeof prop === 'symbol') return symbolMember(world, state, prop);
  switch (prop) {
    case 'then':
      // Not a thenable: `await value` must give the value itself, not hang on a fake `then`.
      return undefined;
    case 'toJSON':
      return () => `‹${state.id}›`;
    case 'toString':
    case 'toLocaleString':
      return () => textOf(state);
    case 'valueOf':
      return () => numberOf(state);
    case 'length':
      return COLLECTION_SIZE;
    default:
      break;
  }
  let child = state.children.get(prop);
  if (!child) {
    child = makeValue(world, `${state.shape}.${prop}`, `${state.id}.${prop}`, state);
    state.children.set(prop, child);
  }
  return child;
}

/** @param {World} world @param {SimState} state */
function itemsOf(world, state) {
  if (!state.items) {
    state.items = Array.from({ length: COLLECTION_SIZE }, (_, i) => makeValue(world, `${state.shape}[]`, `${state.id}[${i}]`, state));
  }
  return state.items;
}

/** @param {World} world @param {SimState} state @param {symbol} prop */
function symbolMember(world, state, prop) {
  if (prop === Symbol.toPrimitive) return (/** @type {string} */ hint) => (hint === 'number' ? numberOf(state) : textOf(state));
  if (prop === Symbol.iterator) return () => itemsOf(world, state)[Symbol.iterator]();
  if (prop === Symbol.asyncIterator) {
    return async function* simulatedRows() {
      yield* itemsOf(world, state);
    };
  }
  if (prop === inspect.custom) return () => `[simulated ${state.id}]`;
  return undefined;
}

/**
 * `value(...args)` or `new value(...args)`: logs the call and answers with a new simulated value,
 * at once, after a simulated wait, or through a Node-style callback.
 * @param {World} world
 * @param {SimState} state
 * @param {any[]} args
 * @param {string} [prefix]
 */
function callValue(world, state, args, prefix = '') {
  const ctx = world.context();
  touch(ctx);
  const name = state.shape.slice(state.shape.lastIndexOf('.') + 1);
  const isAsync = world.asyncSet.has(state.shape) || world.asyncSet.has(`*.${name}`);
  if (!isAsync && state.parent && ARRAY_METHODS.has(name) && (typeof args[0] === 'function' || !CALLBACK_METHODS.has(name))) {
    // `rows.map(...)`, `user.tags.join(', ')`: the value behaves like the collection it stands for.
    return Array.prototype[name].apply(itemsOf(world, state.parent), args);
  }
  const id = compactId(`${prefix}${state.id}(${argumentsKey(args)})`, state.shape);
  ctx.calls.push(id);
  const result = makeValue(world, `${state.shape}()`, id, state);
  const callback = args.at(-1);
  if (typeof callback === 'function' && !isSimulated(callback) && (world.callbackSet.has(state.shape) || world.callbackSet.has(`*.${name}`))) {
    // Node-style `db.query(sql, (err, rows) => …)`: answer through the callback after the wait.
    afterWait(world, ctx, state, name, () => {
      world.storage.run(ctx, () => callback(null, result));
    });
    return result;
  }
  if (!isAsync) return result;
  return afterWait(world, ctx, state, name, () => result);
}

/**
 * Waits the latency model's time for one call, counting it as in flight meanwhile.
 * @template T
 * @param {World} world @param {RequestContext} ctx @param {SimState} state @param {string} name
 * @param {() => T} then runs as soon as the wait ends, in the same tick as the count goes down
 * @returns {Promise<T>}
 */
function afterWait(world, ctx, state, name, then) {
  ctx.inFlight += 1;
  ctx.maxInFlight = Math.max(ctx.maxInFlight, ctx.inFlight);
  return world.latency.wait(state.shape, name).then(() => {
    ctx.inFlight -= 1;
    return then();
  });
}

/** @param {SimState} state */
function numberOf(state) {
  return (hash(state.id) % 1000) + 1;
}

/** @param {SimState} state */
function textOf(state) {
  const last = state.shape.slice(state.shape.lastIndexOf('.') + 1).replace(/\W+/g, '') || 'value';
  return `${last}-${hash(state.id).toString(36)}`;
}
