/**
 * Prisma Client (`@prisma/client`): `prisma.user.findMany()`. The client holds a connection pool;
 * `$transaction(async (tx) => …)` hands the callback one transaction's client, whose queries run
 * one at a time on its connection (Prisma docs: "Transactions and batch queries").
 */

/** @type {import('./library-api.js').LibraryApi} */
export default {
  name: 'Prisma',
  packages: ['@prisma/client'],
  handle: 'pool',
  reads: ['findUnique', 'findUniqueOrThrow', 'findFirst', 'findFirstOrThrow', 'findMany', 'count', 'aggregate', 'groupBy', '$queryRaw', '$queryRawUnsafe', 'findRaw', 'aggregateRaw'],
  writes: ['create', 'createMany', 'createManyAndReturn', 'update', 'updateMany', 'updateManyAndReturn', 'upsert', 'delete', 'deleteMany', '$executeRaw', '$executeRawUnsafe', '$runCommandRaw', '$connect', '$disconnect'],
  transactions: ['$transaction'],
  types: { 'Prisma.TransactionClient': 'one', PrismaClient: 'pool' },
};
