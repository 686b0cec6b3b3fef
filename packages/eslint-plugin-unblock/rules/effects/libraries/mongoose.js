/**
 * Mongoose and the MongoDB driver: `User.find().lean()`, `mongoose.model()`, `@InjectModel(…) model: Model<…>`,
 * `db.collection('users').findOne()`. Models and collections share the driver's pool; a `ClientSession`
 * is one session whose operations run in order. The `findOneAnd…`/`findByIdAnd…` family writes.
 */

/** @type {import('./library-api.js').LibraryApi} */
export default {
  name: 'Mongoose',
  packages: ['mongoose', 'mongodb', '@nestjs/mongoose'],
  handle: 'pool',
  reads: ['find', 'findOne', 'findById', 'countDocuments', 'estimatedDocumentCount', 'count', 'exists', 'distinct', 'aggregate', 'listCollections', 'listIndexes', 'toArray'],
  writes: [
    'create', 'insertMany', 'insertOne', 'updateOne', 'updateMany', 'replaceOne', 'deleteOne', 'deleteMany', 'bulkWrite', 'bulkSave',
    'findOneAndUpdate', 'findByIdAndUpdate', 'findOneAndDelete', 'findByIdAndDelete', 'findOneAndReplace', 'findOneAndRemove',
    'findByIdAndRemove', 'save', 'remove', 'syncIndexes', 'createIndexes', 'createCollection', 'drop', 'connect', 'disconnect', 'close',
  ],
  modifiers: [
    'where', 'equals', 'in', 'nin', 'gt', 'gte', 'lt', 'lte', 'or', 'and', 'sort', 'limit', 'skip', 'select', 'projection', 'populate',
    'lean', 'exec', 'collation', 'hint', 'batchSize', 'maxTimeMS', 'read', 'cursor', 'allowDiskUse', 'match', 'group', 'project',
    'unwind', 'lookup', 'collection', 'db', 'model',
  ],
  transactions: ['transaction', 'withTransaction'],
  made: { startSession: 'one' },
  types: { ClientSession: 'one', Model: 'pool', Collection: 'pool', Db: 'pool', MongoClient: 'pool', Connection: 'pool' },
};
