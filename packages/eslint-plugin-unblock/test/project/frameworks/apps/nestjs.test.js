import assert from 'node:assert/strict';
import nestjs from '../../../../rules/project/frameworks/apps/nestjs.js';
import { declaredIn } from '../framework-probe.js';

/** @param {Array<{ label: string, kind: string }>} entries */
const labels = (entries) => entries.map(({ kind, label }) => `${kind} ${label}`);

describe('frameworks: nestjs', () => {
  it('names a route by the controller prefix and the method decorator\'s path, whatever decorator comes first', () => {
    const code = [
      `import { Controller, Post, Get } from '@nestjs/common';`,
      `@Controller('keys')`,
      `export class KeysController {`,
      `  @HasPermission('x') @Post() create() { return 1; }`,
      `  @Get('/:id/raw') raw() { return 2; }`,
      `  helper() { return 3; }`,
      `}`,
    ].join('\n');
    assert.deepEqual(declaredIn(nestjs, code), [
      { label: 'POST /keys', kind: 'request', handler: '() { return 1; }' },
      { label: 'GET /keys/:id/raw', kind: 'request', handler: '() { return 2; }' },
    ]);
  });

  it('reads a prefix given as { path }, and names message, queue and GraphQL handlers', () => {
    const code = [
      `@Controller({ path: 'v1/users' }) export class A { @Delete(':id') remove() {} @MessagePattern('sum') sum() {} }`,
      `@Processor('mail') export class B { @Process('welcome') send() {} }`,
      `@Resolver() export class C { @Query() me() {} }`,
    ].join('\n');
    assert.deepEqual(labels(declaredIn(nestjs, code)), ['request DELETE /v1/users/:id', 'request message "sum"', 'request queue job "welcome"', 'request GraphQL Query.me']);
  });

  it('takes lifecycle hooks and singleton constructors for start-up code, and a middleware\'s use() for a request', () => {
    const code = [
      `@Injectable() export class Cache implements OnModuleInit { constructor(private readonly db: Db) {} onModuleInit() {} onApplicationShutdown() {} get() {} }`,
      `@Injectable() export class Html implements NestMiddleware { use(req, res, next) { next(); } }`,
    ].join('\n');
    assert.deepEqual(labels(declaredIn(nestjs, code)), [
      'startup constructor of Cache',
      'startup onModuleInit',
      'startup onApplicationShutdown',
      'request middleware Html',
    ]);
  });

  it('leaves the constructor of a request-scoped provider alone: the container builds one per request', () => {
    const code = [
      `@Injectable({ scope: Scope.REQUEST }) export class PerRequest { constructor() {} }`,
      `@Controller('me') export class Me { constructor(@Inject(REQUEST) private readonly request: any) {} }`,
    ].join('\n');
    assert.deepEqual(declaredIn(nestjs, code), []);
  });

  it('ignores classes the container does not build, decorated methods included', () => {
    const code = `export class Service { @Get() list() { return []; } onModuleInit() {} }`;
    assert.deepEqual(declaredIn(nestjs, code), []);
  });
});
