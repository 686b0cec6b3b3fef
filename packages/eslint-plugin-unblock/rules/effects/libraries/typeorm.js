/**
 * TypeORM: repositories (`@InjectRepository(User) repo: Repository<User>`, `dataSource.getRepository(User)`),
 * the data source and its manager share a pool. `dataSource.transaction(async (manager) => …)` and a
 * `QueryRunner` are one connection. `create` and `merge` build entities in memory: no I/O at all.
 */

/** @type {import('./library-api.js').LibraryApi} */
export default {
  name: 'TypeORM',
  packages: ['typeorm', '@nestjs/typeorm'],
  handle: 'pool',
  reads: [
    'find', 'findBy', 'findOne', 'findOneBy', 'findOneOrFail', 'findOneByOrFail', 'findAndCount', 'findAndCountBy',
    'findByIds', 'count', 'countBy', 'exist', 'exists', 'existsBy', 'sum', 'average', 'minimum', 'maximum', 'preload',
    'getMany', 'getOne', 'getOneOrFail', 'getRawMany', 'getRawOne', 'getCount', 'getManyAndCount', 'getExists',
  ],
  writes: ['save', 'insert', 'update', 'upsert', 'delete', 'remove', 'softDelete', 'softRemove', 'restore', 'recover', 'increment', 'decrement', 'clear', 'initialize', 'destroy', 'synchronize'],
  modifiers: [
    'createQueryBuilder', 'select', 'addSelect', 'from', 'where', 'andWhere', 'orWhere', 'whereInIds', 'leftJoin',
    'leftJoinAndSelect', 'innerJoin', 'innerJoinAndSelect', 'orderBy', 'addOrderBy', 'groupBy', 'addGroupBy', 'having',
    'skip', 'take', 'limit', 'offset', 'setParameter', 'setParameters', 'withDeleted', 'cache',
  ],
  transactions: ['transaction'],
  made: { createQueryRunner: 'one' },
  types: { QueryRunner: 'one', Repository: 'pool', DataSource: 'pool', TreeRepository: 'pool', MongoRepository: 'pool' },
};
