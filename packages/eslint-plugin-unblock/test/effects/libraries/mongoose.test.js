/**
 * Mongoose's table (rules/effects/libraries/mongoose.js): models made with `mongoose.model()` share
 * the driver's pool; `estimatedDocumentCount` reads (no English verb), the `findOneAnd…` family
 * writes, and a session is one connection.
 */
import assert from 'node:assert/strict';
import { lintLibraryCode, code } from './lint-library.js';

const models = [
  "import mongoose from 'mongoose';",
  "const Article = mongoose.model('Article', new mongoose.Schema({ title: String, at: Date }));",
  "const Comment = mongoose.model('Comment', new mongoose.Schema({ body: String }));",
];

describe('library table: Mongoose', () => {
  it('a count and a shaped find are reported, known by Mongoose\'s API', () => {
    const reports = lintLibraryCode(code([...models,
      'export async function home(req, res) {',
      '  const total = await Article.estimatedDocumentCount();',
      '  const latest = await Comment.find({}).sort({ at: -1 }).limit(5).lean();',
      '  res.json({ total, latest });',
      '}']));
    assert.equal(reports.length, 1);
    assert.deepEqual(reports[0].operations.map((line) => line.endsWith("read, from Mongoose's API")), [true, true]);
  });

  it('findOneAndUpdate writes: the read after it keeps its place', () => {
    const reports = lintLibraryCode(code([...models,
      'export async function publish(id) {',
      '  await Article.findOneAndUpdate({ _id: id }, { at: new Date() });',
      '  const count = await Article.countDocuments({ at: { $ne: null } });',
      '  return count;',
      '}']));
    assert.deepEqual(reports, []);
  });

  it('reads on one session run in order: not reported', () => {
    const reports = lintLibraryCode(code([...models,
      'export async function consistent() {',
      '  const session = await mongoose.startSession();',
      '  const articles = await Article.find().session(session);',
      '  const comments = await Comment.find().session(session);',
      '  await session.endSession();',
      '  return { articles, comments };',
      '}']));
    assert.deepEqual(reports, []);
  });
});
