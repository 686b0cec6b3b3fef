/**
 * Sequelize's table (rules/effects/libraries/sequelize.js): models made with `define()` or classes
 * that extend its `Model` share the pool; `findOrCreate` inserts; a managed transaction's callback
 * runs on one connection.
 */
import assert from 'node:assert/strict';
import { lintLibraryCode, code } from './lint-library.js';

const models = [
  "const { Sequelize, DataTypes, Model } = require('sequelize');",
  'const sequelize = new Sequelize(process.env.DATABASE_URL);',
  'class Tag extends Model {}',
  "Tag.init({ name: DataTypes.STRING }, { sequelize, modelName: 'tag' });",
  "const Post = sequelize.define('post', { title: DataTypes.STRING });",
];

describe('library table: Sequelize', () => {
  it('a scoped read and a count on two models are reported, known by Sequelize\'s API', () => {
    const reports = lintLibraryCode(code([...models,
      'async function tagPage(req, res) {',
      "  const tag = await Tag.scope('visible').findByPk(req.params.id);",
      '  const posts = await Post.findAndCountAll({ where: { draft: false }, limit: 20 });',
      '  res.json({ tag, posts });',
      '}',
      'module.exports = { tagPage };']));
    assert.equal(reports.length, 1);
    assert.deepEqual(reports[0].operations.map((line) => line.endsWith("read, from Sequelize's API")), [true, true]);
  });

  it('findOrCreate writes: a read of the same model after it keeps its place', () => {
    const reports = lintLibraryCode(code([...models,
      'async function tagPost(name) {',
      '  const [tag] = await Tag.findOrCreate({ where: { name } });',
      '  const total = await Tag.count();',
      '  return { tag, total };',
      '}',
      'module.exports = { tagPost };']));
    assert.deepEqual(reports, []);
  });

  it('reads inside a managed transaction run on its one connection: not reported', () => {
    const reports = lintLibraryCode(code([...models,
      'async function snapshot() {',
      '  return sequelize.transaction(async (t) => {',
      '    const tags = await Tag.findAll({ transaction: t });',
      '    const posts = await Post.count({ transaction: t });',
      '    return { tags, posts };',
      '  });',
      '}',
      'module.exports = { snapshot };']));
    assert.deepEqual(reports, []);
  });
});
