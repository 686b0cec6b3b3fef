/**
 * TypeORM's table (rules/effects/libraries/typeorm.js): injected repositories share the data
 * source's pool, a query builder chain that ends in `getMany()` reads, `save` writes, and a
 * `QueryRunner` is one connection.
 */
import assert from 'node:assert/strict';
import { lintLibraryCode, code } from './lint-library.js';

const header = [
  "import { Injectable } from '@nestjs/common';",
  "import { InjectRepository } from '@nestjs/typeorm';",
  "import { Repository, QueryRunner } from 'typeorm';",
  "import { Invoice, Customer } from './entities';",
];

describe('library table: TypeORM', () => {
  it('two injected repositories: a query builder read and a countBy are reported', () => {
    const reports = lintLibraryCode(code([...header,
      '@Injectable()',
      'export class BillingService {',
      '  constructor(',
      '    @InjectRepository(Invoice) private readonly invoices: Repository<Invoice>,',
      '    @InjectRepository(Customer) private readonly customers: Repository<Customer>,',
      '  ) {}',
      '  async overview(accountId: string) {',
      "    const unpaid = await this.invoices.createQueryBuilder('i').where('i.accountId = :accountId', { accountId }).getMany();",
      '    const seats = await this.customers.countBy({ accountId });',
      '    return { unpaid, seats };',
      '  }',
      '}']), { typescript: true });
    assert.equal(reports.length, 1);
    assert.deepEqual(reports[0].operations.map((line) => line.endsWith("read, from TypeORM's API")), [true, true]);
  });

  it('save writes: the read after it keeps its place', () => {
    const reports = lintLibraryCode(code([...header,
      'export class Ledger {',
      '  constructor(private readonly invoices: Repository<Invoice>) {}',
      '  async settle(invoice: Invoice) {',
      '    await this.invoices.save({ ...invoice, paid: true });',
      '    return this.invoices.findOneBy({ id: invoice.id });',
      '  }',
      '  async settleAndCount(invoice: Invoice) {',
      '    await this.invoices.save({ ...invoice, paid: true });',
      '    const open = await this.invoices.countBy({ paid: false });',
      '    return open;',
      '  }',
      '}']), { typescript: true });
    assert.deepEqual(reports, []);
  });

  it('a QueryRunner is one connection, whatever it is called', () => {
    const reports = lintLibraryCode(code([...header,
      'export async function audit(q: QueryRunner, accountId: string) {',
      '  const invoices = await q.manager.findBy(Invoice, { accountId });',
      '  const customers = await q.manager.findBy(Customer, { accountId });',
      '  return { invoices, customers };',
      '}']), { typescript: true });
    assert.deepEqual(reports, []);
  });
});
