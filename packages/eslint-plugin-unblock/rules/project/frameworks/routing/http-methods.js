/**
 * The methods a router registers a handler under, per HTTP method or for all of them as
 * middleware (`app.get`, `router.post`, `app.all`, `app.use`). Its own module because both
 * routers.js (which reads registrations) and one-time-server.js (which routers.js asks) need it:
 * kept in either, the two imported each other.
 */
export const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'del', 'head', 'options', 'all', 'use']);
