/**
 * The shape of a framework module (servers/, apps/, events/) and of what it finds: the handlers a
 * call registers or a module declares, and what the names around a call hold. Here, under the
 * framework modules, so that they and the routing helpers name these types without looking up at
 * the list (../index.js) that imports them.
 */

/**
 * @typedef {import('../../modules/module-view.js').ModuleView} ModuleView
 *
 * @typedef {object} Registration  a handler one call hands over
 * @property {any} handler  the argument: a function, or an expression naming one
 * @property {'request' | 'startup'} kind
 * @property {string} label  `POST /login`, `queue worker mail`, `listen callback`
 * @property {ModuleView} [view]  the module the handler is written in, when not the one the call is
 *   (then the handler must be a function node)
 * @property {RouterOfRoute} [router]  the router it is registered on, when a binding made by the framework names it
 *
 * @typedef {object} RouterOfRoute  a route's router, for the prefix a mount of it adds (mounts.js)
 * @property {number} at  where, in the registering file, the router was made (its initialiser's start)
 * @property {string} path  the route's path as written ('' for none: `router.use(handler)`), the end of its label
 *
 * @typedef {object} CallScope  what the names around a call hold
 * @property {(name: string) => any} localInit  the initialiser of a variable declared in the function the call
 *   is made in or one around it (undefined for a parameter or a module-level name)
 * @property {(name: string) => any} ownerOf  the function that declares a name the call sees, or the module's
 *   program for a module-level (or undeclared) name
 * @property {(call: any) => { fn: any, view: ModuleView } | null} resolveCall  the function a call made there runs
 *
 * @typedef {object} EntryPoint  a handler a module declares
 * @property {any} fn  the function that runs per request or job (or at start-up)
 * @property {'request' | 'startup'} kind
 * @property {string} label  `POST /api/export`, `GraphQL Query.user`
 * @property {boolean} [transaction]  the framework runs the whole handler in one transaction (`@Transaction()`):
 *   every query it makes with that request's context waits its turn on one connection
 * @property {boolean} [fallback]  known from the handler's own shape only: any other entry found for the same
 *   function (a route that registers it) replaces it, and report messages, which name routes, leave it out
 *
 * @typedef {object} Framework
 * @property {string} name
 * @property {ReadonlyArray<string>} [routerPackages]  packages whose app, router or server objects register routes and listen
 * @property {(view: ModuleView, call: any, scope: CallScope) => Registration[]} [registrations]
 *   the handlers one call or `new` registers
 * @property {(view: ModuleView) => EntryPoint[]} [declared]  the handlers a module declares
 */

export {};
