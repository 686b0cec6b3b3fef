/**
 * The frameworks whose entry points the caller index recognises: where
 * requests and jobs enter a project (routes, resolvers, queue workers) and
 * what runs once when a server starts. One small module per framework, by
 * kind: servers/ (HTTP servers and routers: routes registered by calls),
 * apps/ (frameworks that declare handlers: decorators, file exports,
 * resolvers), events/ (queues, sockets, worker messages); what they share
 * sits in routing/, their types in routing/framework.js. Supporting another
 * framework is one file plus one line in this list.
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
import answeringHandlers from './apps/answering-handlers.js';
import socketServers from './events/socket-servers.js';
import workerThreads from './events/worker-threads.js';
import passport from './events/passport.js';

/** @typedef {import('./routing/framework.js').Framework} Framework */

/** Frameworks that route HTTP requests through app, router or server objects. */
const routers = [express, koa, fastify, hapi, restify, polka, hono, h3, nodeHttp];

/** @type {ReadonlyArray<Framework>} */
export const frameworks = [...routers, listenCallbacks(routers), queues, socketServers, workerThreads, passport, nestjs, nextjs, remix, graphql, benchFactory, answeringHandlers];
