/**
 * The data behind call classification. A call is named by the words of its
 * callee chain (`db.users.findMany` → find, many); the first word of each
 * name is its verb. Tables are plain data so options can extend them.
 */

/** Verbs that only read: two of these on the same receiver may run together. */
export const READ_VERBS = [
  'get', 'find', 'fetch', 'read', 'list', 'count', 'select', 'search', 'lookup', 'retrieve',
  'exists', 'has', 'is', 'describe', 'head', 'scan', 'show', 'download', 'stat', 'lstat',
  'readdir', 'readlink', 'realpath', 'access', 'resolve', 'aggregate', 'paginate', 'verify',
  'hash', 'compare', 'sign', 'encrypt', 'decrypt', 'gzip', 'gunzip', 'deflate', 'inflate',
  'unzip', 'brotli', 'pbkdf2', 'scrypt', 'distinct', 'sum', 'avg', 'min', 'max', 'peek',
  // DataLoader's `load`/`loadMany` and repositories' `load(id)` batch and cache reads.
  'load',
];

/** Verbs that change state somewhere: never started before an earlier operation finished. */
export const WRITE_VERBS = [
  'insert', 'update', 'upsert', 'save', 'set', 'put', 'post', 'patch', 'delete', 'del',
  'remove', 'destroy', 'create', 'add', 'write', 'append', 'send', 'emit', 'publish', 'push',
  'pop', 'shift', 'unshift', 'splice', 'commit', 'rollback', 'increment', 'incr', 'decrement',
  'decr', 'enqueue', 'dequeue', 'dispatch', 'store', 'persist', 'register', 'unregister',
  'mkdir', 'mkdtemp', 'rm', 'rmdir', 'unlink', 'rename', 'copy', 'cp', 'move', 'mv',
  'truncate', 'drop', 'execute', 'exec', 'spawn', 'fork', 'run', 'apply', 'process', 'submit',
  'upload', 'notify', 'mark', 'reset', 'clear', 'flush', 'close', 'open', 'connect',
  'disconnect', 'end', 'release', 'migrate', 'seed', 'sync', 'replace', 'assign',
  'grant', 'revoke', 'invalidate', 'evict', 'expire', 'charge', 'refund', 'pay', 'transfer',
  'approve', 'reject', 'cancel', 'schedule', 'trigger', 'log', 'track', 'record', 'bulk',
  'import', 'export', 'install', 'uninstall', 'init', 'initialize', 'setup', 'teardown',
  'login', 'logout', 'signin', 'signout', 'signup', 'subscribe', 'unsubscribe', 'ack', 'nack',
  'claim', 'reserve', 'book', 'mutate', 'modify', 'edit', 'change', 'toggle', 'enable',
  'disable', 'activate', 'deactivate', 'archive', 'restore', 'purge', 'prune', 'clean',
  'cleanup', 'kill', 'stop', 'start', 'restart', 'pause', 'resume', 'lock', 'unlock',
  'attach', 'detach', 'link', 'bind', 'unbind', 'touch', 'chmod', 'chown', 'utimes', 'fsync',
  'listen', 'broadcast', 'reply', 'respond', 'redirect',
];

/**
 * Callees whose place in time is the point: waiting, locking, transaction
 * boundaries, navigation and UI interaction in tests. Nothing is moved across them.
 */
export const BARRIER_VERBS = [
  'sleep', 'delay', 'wait', 'timeout', 'acquire', 'lock', 'unlock', 'begin', 'transaction',
  'savepoint', 'goto', 'navigate', 'reload', 'back', 'forward', 'click', 'dblclick', 'tap',
  'type', 'fill', 'press', 'hover', 'focus', 'blur', 'drag', 'drop', 'scroll', 'keyboard',
  'mouse', 'retry', 'poll', 'throttle', 'debounce', 'yield', 'tick', 'settle', 'flush',
  'advance', 'until', 'expect',
];

/**
 * First words that say the next word is what the call does, tried or not:
 * `tryAddToActiveSet` adds, `maybeGetUser` gets.
 */
export const TENTATIVE_WORDS = ['try', 'attempt', 'maybe'];

/** Names in a call chain that carry no meaning of their own (`.then`, `.toArray()`). */
export const NEUTRAL_WORDS = [
  'then', 'catch', 'finally', 'to', 'json', 'text', 'lean', 'collection', 'from', 'table',
  'model', 'where', 'order', 'sort', 'limit', 'skip', 'offset', 'populate', 'include', 'with',
  'as', 'first', 'one', 'many', 'all', 'by', 'promise', 'promises', 'async', 'and', 'or', 'array',
  'buffer', 'blob', 'stream', 'body', 'raw', 'pipe', 'exec',
];

/**
 * Receivers that stand for one connection, session or page: calls on them
 * are ordered even when both only read (a pg client serialises queries; a
 * transaction must see its own writes; a page's state moves with each call).
 */
export const CONNECTION_RECEIVER_NAMES = [
  'conn', 'connection', 'client', 'tx', 'trx', 'transaction', 'session', 'em', 'manager',
  'queryRunner', 'channel', 'socket', 'ws', 'stream', 'writer', 'reader', 'cursor', 'page',
  'browser', 'driver', 'frame', 'context', 'req', 'request', 'res', 'response', 'reply', 'ctx',
  'port', 'worker', 'child', 'proc', 'process', 'stdin', 'stdout', 'redis', 'multi', 'pipeline',
  'batch',
];

/** Calls that open a connection or transaction: the rest of that function is left alone. */
export const SCOPE_OPENING_VERBS = [
  'connect', 'getConnection', 'acquire', 'beginTransaction', 'startTransaction', 'startSession',
  'withTransaction', 'transaction', '$transaction', 'begin', 'runInTransaction', 'serializable',
];

/** HTTP clients whose verb hides in an options object (`fetch(url, { method: 'POST' })`). */
export const HTTP_CLIENT_NAMES = ['fetch', 'request', 'axios', 'got', 'ky', 'undici', 'ofetch', '$fetch'];
