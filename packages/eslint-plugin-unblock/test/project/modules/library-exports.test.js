/**
 * A receiver imported from a project module is known by the library its value is made from
 * (rules/project/modules/library-exports.js): a Redis client exported by `lib/cache.js`, a Mongoose
 * model exported through an index, a got instance required as a whole. Asked only where the call's
 * names leave a doubt (a command that is no English verb, a receiver whose name says "one connection").
 */
import assert from 'node:assert/strict';
import { makeProject, removeAll } from '../../support/temp-project.js';
import { lintProject } from '../../support/lint-project.js';

/** @param {string[]} lines */
const code = (lines) => lines.join('\n') + '\n';

const route = (/** @type {string[]} */ body) => code([
  "import express from 'express';",
  ...body.slice(0, body.indexOf('---')),
  'const app = express();',
  "app.get('/rooms/:id', async (req, res) => {",
  ...body.slice(body.indexOf('---') + 1).map((line) => `  ${line}`),
  '});',
  'app.listen(3000);',
]);

describe('project modules: library values exported by another module', () => {
  after(removeAll);

  it('a Redis client made in lib/cache.js: its commands read, and it pipelines (not one connection)', async () => {
    const dir = makeProject({
      'package.json': '{ "type": "module" }',
      'lib/cache.js': "import Redis from 'ioredis';\nexport const redis = new Redis(process.env.REDIS_URL);\n",
      'server.js': route(["import { redis } from './lib/cache.js';", '---',
        'const members = await redis.smembers(`room:${req.params.id}`);',
        'const meta = await redis.hgetall(`room:${req.params.id}:meta`);',
        'res.json({ members, meta });']),
    });
    const reports = await lintProject(dir, ['server.js']);
    assert.deepEqual(reports['server.js'].map((message) => [message.ruleId, message.line]), [['unblock/no-await-waterfall', 5]]);
  });

  it('the same calls on a module that makes no library value stay unknown: silent', async () => {
    const dir = makeProject({
      'package.json': '{ "type": "module" }',
      'lib/cache.js': 'export const redis = { smembers: async () => [], hgetall: async () => ({}) };\n',
      'server.js': route(["import { redis } from './lib/cache.js';", '---',
        'const members = await redis.smembers(`room:${req.params.id}`);',
        'const meta = await redis.hgetall(`room:${req.params.id}:meta`);',
        'res.json({ members, meta });']),
    });
    const reports = await lintProject(dir, ['server.js']);
    assert.deepEqual(reports['server.js'], []);
  });

  it('a Mongoose model re-exported by models/index.js and required by name: estimatedDocumentCount reads', async () => {
    const dir = makeProject({
      'models/article.js': "const mongoose = require('mongoose');\nmodule.exports = mongoose.model('Article', new mongoose.Schema({ title: String }));\n",
      'models/index.js': "module.exports = { Article: require('./article') };\n",
      'server.js': code([
        "const express = require('express');",
        "const { Article } = require('./models');",
        'const app = express();',
        "app.get('/stats', async (req, res) => {",
        '  const total = await Article.estimatedDocumentCount();',
        '  const recent = await Article.find({}).sort({ _id: -1 }).limit(5).lean();',
        '  res.json({ total, recent });',
        '});',
        'app.listen(3000);']),
    });
    const reports = await lintProject(dir, ['server.js']);
    assert.deepEqual(reports['server.js'].map((message) => [message.ruleId, message.line]), [['unblock/no-await-waterfall', 5]]);
  });
});
