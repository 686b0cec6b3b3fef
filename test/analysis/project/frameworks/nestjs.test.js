import assert from 'node:assert/strict';
import nestjs from '../../../../rules/project/frameworks/nestjs.js';
import { declaredIn } from './framework-probe.js';

describe('frameworks: nestjs', () => {
  it('takes the decorated methods of a controller as request handlers', () => {
    const code = [
      `import { Controller, Post } from '@nestjs/common';`,
      `@Controller('keys')`,
      `export class KeysController {`,
      `  @Post() create() { return 1; }`,
      `  helper() { return 2; }`,
      `}`,
    ].join('\n');
    assert.deepEqual(declaredIn(nestjs, code), [{ label: 'Post create', kind: 'request', handler: '() { return 1; }' }]);
  });

  it('ignores decorated methods of a class that is not a controller, resolver, processor or gateway', () => {
    const code = `import { Injectable, Get } from '@nestjs/common';\n@Injectable()\nexport class Service { @Get() list() { return []; } }`;
    assert.deepEqual(declaredIn(nestjs, code), []);
  });
});
