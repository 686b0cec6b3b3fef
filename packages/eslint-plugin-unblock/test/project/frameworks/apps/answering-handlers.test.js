/**
 * A handler that answers the response it is handed is on a request path by itself
 * (rules/project/frameworks/apps/answering-handlers.js), however it is registered.
 */
import assert from 'node:assert/strict';
import answering from '../../../../rules/project/frameworks/apps/answering-handlers.js';
import { declaredIn } from '../framework-probe.js';

describe('frameworks: handlers that answer a response', () => {
  it('a default-exported (req, res) listener that ends the response, and an error handler that answers with status().json()', () => {
    const code = [
      'export default async function serve(incoming, out) {',
      '  const page = await render(incoming.url);',
      "  out.writeHead(200, { 'content-type': 'text/html' });",
      '  out.end(page);',
      '}',
      'const onError = (err, req, reply, next) => { reply.status(500).json({ error: err.message }); };',
      'module.exports.onError = onError;',
    ].join('\n');
    assert.deepEqual(declaredIn(answering, code).map((entry) => [entry.kind, entry.label]), [
      ['request', 'an HTTP handler answering with out.writeHead()'],
      ['request', 'an HTTP handler answering with reply.json()'],
    ]);
  });

  it('not a function that only builds a reply, answers in a callback it hands on, or takes one parameter', () => {
    const code = [
      'export function shape(user, options) { return { ...user, ...options }; }',
      'export function later(req, res) { setTimeout(() => res.end("late"), 10); }',
      'export function single(ctx) { ctx.end(); }',
    ].join('\n');
    assert.deepEqual(declaredIn(answering, code), []);
  });
});
