// Loaded by every generated harness module (see emit.js). Gives the extracted function its
// simulated world: stand-ins for databases, HTTP clients and request objects whose awaited calls
// take the latency model's time and return deterministic, "shape-anything" values.
import { AsyncLocalStorage } from 'node:async_hooks';
import { inspect } from 'node:util';
import { createLatencySource } from './latency.js';

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

/** Every simulated value, so serialisation can tell them from the user's own functions. */
const simulatedValues = new WeakSet();

/**
 * @typedef {{ calls: string[], touches: number, inFlight: number, maxInFlight: number }} RequestContext
 * @typedef {{ shape: string, id: string, parent: SimState | null, children: Map<PropertyKey, any>, overrides: Map<PropertyKey, any>, methods: object | null, items: any[] | null }} SimState
 */

/**
 * @param {{ model: import('./latency.js').LatencyModel | import('./latency.js').StepsModel, asyncCalls: string[], callbackCalls?: string[] }} options
 */
export function createHarness({ model, asyncCalls, callbackCalls = [] }) {
  const latency = createLatencySource(model);
  const asyncSet = new Set(asyncCalls);
  const callbackSet = new Set(callbackCalls);
  /** @type {AsyncLocalStorage<RequestContext>} */
  const storage = new AsyncLocalStorage();
  /** Contexts used outside a request (module initialisation) share one log that is never reported. */
  const idle = { calls: [], touches: 0, inFlight: 0, maxInFlight: 0 };
  const context = () => storage.getStore() ?? idle;

  /** @param {RequestContext} ctx */
  function touch(ctx) {
    ctx.touches += 1;
    if (ctx.touches > TOUCH_LIMIT) {
      throw new SimulationLimitError(`the function touched simulated values more than ${TOUCH_LIMIT} times in one call; it probably loops until a backend returns an empty or false value, which simulated values never are`);
    }
  }

  /**
   * @param {string} shape the path without arguments: `db.users.find().limit`
   * @param {string} id the path with arguments: deterministic identity of the value
   * @param {SimState | null} parent
   * @param {object | null} [methods] real methods (class methods of a simulated `this`)
   */
  function makeValue(shape, id, parent, methods = null) {
    /** @type {SimState} */
    const state = { shape, id, parent, children: new Map(), overrides: new Map(), methods, items: null };
    const target = function simulated() {};
    const proxy = new Proxy(target, {
      get(_, prop, receiver) {
        touch(context());
        if (state.overrides.has(prop)) return state.overrides.get(prop);
        if (methods && prop in methods) return Reflect.get(methods, prop, receiver);
        if (typeof prop === 'symbol') return symbolMember(state, prop);
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
          child = makeValue(`${state.shape}.${prop}`, `${state.id}.${prop}`, state);
          state.children.set(prop, child);
        }
        return child;
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
        return call(state, args);
      },
      construct(_, args) {
        return call(state, args, 'new ');
      },
    });
    simulatedValues.add(proxy);
    return proxy;
  }

  /** @param {SimState} state */
  function itemsOf(state) {
    if (!state.items) {
      state.items = Array.from({ length: COLLECTION_SIZE }, (_, i) => makeValue(`${state.shape}[]`, `${state.id}[${i}]`, state));
    }
    return state.items;
  }

  /** @param {SimState} state @param {symbol} prop */
  function symbolMember(state, prop) {
    if (prop === Symbol.toPrimitive) return (/** @type {string} */ hint) => (hint === 'number' ? numberOf(state) : textOf(state));
    if (prop === Symbol.iterator) return () => itemsOf(state)[Symbol.iterator]();
    if (prop === Symbol.asyncIterator) {
      return async function* simulatedRows() {
        yield* itemsOf(state);
      };
    }
    if (prop === inspect.custom) return () => `[simulated ${state.id}]`;
    return undefined;
  }

  /**
   * @param {SimState} state
   * @param {any[]} args
   * @param {string} [prefix]
   */
  function call(state, args, prefix = '') {
    const ctx = context();
    touch(ctx);
    const name = state.shape.slice(state.shape.lastIndexOf('.') + 1);
    const isAsync = asyncSet.has(state.shape) || asyncSet.has(`*.${name}`);
    if (!isAsync && state.parent && ARRAY_METHODS.has(name) && (typeof args[0] === 'function' || !CALLBACK_METHODS.has(name))) {
      // `rows.map(...)`, `user.tags.join(', ')`: the value behaves like the collection it stands for.
      return Array.prototype[name].apply(itemsOf(state.parent), args);
    }
    const id = compactId(`${prefix}${state.id}(${argumentsKey(args)})`, state.shape);
    ctx.calls.push(id);
    const result = makeValue(`${state.shape}()`, id, state);
    const callback = args.at(-1);
    if (typeof callback === 'function' && !isSimulated(callback) && (callbackSet.has(state.shape) || callbackSet.has(`*.${name}`))) {
      // Node-style `db.query(sql, (err, rows) => …)`: answer through the callback after the wait.
      ctx.inFlight += 1;
      ctx.maxInFlight = Math.max(ctx.maxInFlight, ctx.inFlight);
      latency.wait(state.shape, name).then(() => {
        ctx.inFlight -= 1;
        storage.run(ctx, () => callback(null, result));
      });
      return result;
    }
    if (!isAsync) return result;
    ctx.inFlight += 1;
    ctx.maxInFlight = Math.max(ctx.maxInFlight, ctx.inFlight);
    return latency.wait(state.shape, name).then(() => {
      ctx.inFlight -= 1;
      return result;
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

  return {
    latency,
    /** A stand-in for something the harness cannot run (an imported client, a request object). */
    external: (/** @type {string} */ name) => makeValue(name, name, null),
    /**
     * Wraps the extracted function in a Node request handler. The response body is the function's
     * result plus the sorted list of simulated calls it made (with their arguments): two variants
     * that give equal bodies did the same work with the same inputs, in whatever order.
     * @param {Function} target
     * @param {{ params: string[], self?: object }} shape
     */
    handler(target, { params, self }) {
      async function invoke() {
        const ctx = { calls: [], touches: 0, inFlight: 0, maxInFlight: 0 };
        const stepsBefore = /** @type {any} */ (latency).steps ?? 0;
        const waits = () => (/** @type {any} */ (latency).steps ?? 0) - stepsBefore;
        return storage.run(ctx, async () => {
          const thisArg = self ? makeValue('this', 'this', null, self) : undefined;
          const args = params.map((name) => makeValue(name, name, null));
          try {
            const result = await target.apply(thisArg, args);
            return { status: 200, body: { result: serialise(result), calls: ctx.calls.sort() }, maxInFlight: ctx.maxInFlight, waits: waits() };
          } catch (error) {
            const status = error instanceof SimulationLimitError ? 508 : 500;
            return { status, body: { error: String(error?.message ?? error), calls: ctx.calls.sort() }, maxInFlight: ctx.maxInFlight, waits: waits() };
          }
        });
      }
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

/** Identities stay short: a value passed back into calls (pagination) would otherwise nest and grow exponentially. */
const MAX_ID_LENGTH = 200;

/** @param {string} id @param {string} shape */
function compactId(id, shape) {
  return id.length <= MAX_ID_LENGTH ? id : `${shape}()#${hash(id).toString(36)}`;
}

/** Stable text for call arguments; simulated values print as their identity. */
function argumentsKey(args) {
  return args.map((arg) => (typeof arg === 'function' && !isSimulated(arg) ? 'ƒ' : JSON.stringify(serialise(arg)) ?? 'undefined')).join(',');
}

/** @param {any} value */
function isSimulated(value) {
  return simulatedValues.has(value);
}

/**
 * JSON-safe copy: simulated values become their identity, cycles and functions are marked, so a
 * result always serialises the same way in both variants.
 * @param {any} value
 * @param {WeakSet<object>} [seen]
 * @returns {any}
 */
function serialise(value, seen = new WeakSet()) {
  if (value === undefined) return null;
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return isSimulated(value) ? value.toJSON() : 'ƒ';
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[cycle]';
  seen.add(value);
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `‹${value.constructor.name} ${value.byteLength} bytes›`;
  if (value instanceof Map) return { '‹Map›': [...value].map(([k, v]) => [serialise(k, seen), serialise(v, seen)]) };
  if (value instanceof Set) return { '‹Set›': [...value].map((v) => serialise(v, seen)) };
  if (value instanceof Date) return value.toJSON();
  if (value instanceof Error) return { error: value.message };
  if (Array.isArray(value)) return value.map((v) => serialise(v, seen));
  if (typeof value.toJSON === 'function') return serialise(value.toJSON(), seen);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, serialise(v, seen)]));
}

/** FNV-1a: a small, stable hash so simulated numbers and strings are the same in every process. */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
