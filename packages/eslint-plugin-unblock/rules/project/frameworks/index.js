/**
 * The frameworks whose entry points the caller index recognises: where
 * requests and jobs enter a project (routes, resolvers, queue workers) and
 * what runs once when a server starts. One small module per framework, by
 * kind: servers/ (HTTP servers and routers: routes registered by calls),
 * apps/ (frameworks that declare handlers: decorators, file exports,
 * resolvers), events/ (queues, sockets, worker messages); the helpers they
 * share sit here. Supporting another framework is one file plus one line in
 * this list.
 *
 * A module recognises entry points in one or both of two ways:
 * - `registrations`: a call that hands a handler over (`app.post('/login', handler)`,
 *   `new Worker('mail', fn)`); the first module that finds any wins;
 * - `declared`: functions a module declares as handlers by its shape
 *   (a decorated controller method, a Next.js `route.ts` export), or that a
 *   file beside it names (the server factory in unblock-bench's fixture.json).
 */
import express from './servers/express.js';
import koa from './servers/koa.js';
import fastify from './servers/fastify.js';
import hapi from './servers/hapi.js';
import restify from './servers/restify.js';
import polka from './servers/polka.js';
import hono from './servers/hono.js';
import h3 from './servers/h3.js';
import nodeHttp from './servers/node-http.js';
import { listenCallbacks } from './servers/listen.js';
import queues from './events/queues.js';
import nestjs from './apps/nestjs.js';
import nextjs from './apps/nextjs.js';
import remix from './apps/remix.js';
import graphql from './apps/graphql.js';
import benchFactory from './apps/bench-factory.js';
import socketServers from './events/socket-servers.js';
import workerThreads from './events/worker-threads.js';

/**
 * @typedef {import('../modules/module-view.js').ModuleView} ModuleView
 *
 * @typedef {object} Registration  a handler one call hands over
 * @property {any} handler  the argument: a function, or an expression naming one
 * @property {'request' | 'startup'} kind
 * @property {string} label  `POST /login`, `queue worker mail`, `listen callback`
 * @property {ModuleView} [view]  the module the handler is written in, when not the one the call is
 *   (then the handler must be a function node)
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
 *
 * @typedef {object} Framework
 * @property {string} name
 * @property {ReadonlyArray<string>} [routerPackages]  packages whose app, router or server objects register routes and listen
 * @property {(view: ModuleView, call: any, scope: CallScope) => Registration[]} [registrations]
 *   the handlers one call or `new` registers
 * @property {(view: ModuleView) => EntryPoint[]} [declared]  the handlers a module declares
 */

/** Frameworks that route HTTP requests through app, router or server objects. */
const routers = [express, koa, fastify, hapi, restify, polka, hono, h3, nodeHttp];

/** @type {ReadonlyArray<Framework>} */
export const frameworks = [...routers, listenCallbacks(routers), queues, socketServers, workerThreads, nestjs, nextjs, remix, graphql, benchFactory];
