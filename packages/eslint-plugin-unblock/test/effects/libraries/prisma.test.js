/**
 * Prisma's table (rules/effects/libraries/prisma.js): a client made from `@prisma/client` holds a
 * pool; the client a `$transaction` callback gets, or a value typed `Prisma.TransactionClient`, is
 * one connection.
 */
import assert from 'node:assert/strict';
import { lintLibraryCode, code } from './lint-library.js';

const imports = ["import { PrismaClient, Prisma } from '@prisma/client';", 'const prisma = new PrismaClient();'];

describe('library table: Prisma', () => {
  it('two reads on the pool are reported, each known by Prisma\'s API (groupBy is no English verb)', () => {
    const reports = lintLibraryCode(code([...imports,
      'export async function dashboard(teamId: string) {',
      "  const byStatus = await prisma.issue.groupBy({ by: ['status'], where: { teamId } });",
      '  const members = await prisma.member.count({ where: { teamId } });',
      '  return { byStatus, members };',
      '}']), { typescript: true });
    assert.equal(reports.length, 1);
    assert.deepEqual(reports[0].operations.map((line) => line.endsWith("read, from Prisma's API")), [true, true]);
  });

  it('a write keeps its place: the read after it is not moved before it', () => {
    const reports = lintLibraryCode(code([...imports,
      'export async function close(id: string) {',
      "  await prisma.issue.update({ where: { id }, data: { status: 'closed' } });",
      '  const open = await prisma.issue.count({ where: { status: \'open\' } });',
      '  return open;',
      '}']), { typescript: true });
    assert.deepEqual(reports, []);
  });

  it('one transaction\'s client is one connection, whatever it is called; the same code on the pool is reported', () => {
    const body = (/** @type {string} */ type) => code([...imports,
      `export async function totals(db: ${type}, teamId: string) {`,
      '  const issues = await db.issue.findMany({ where: { teamId } });',
      '  const members = await db.member.findMany({ where: { teamId } });',
      '  return { issues, members };',
      '}']);
    assert.deepEqual(lintLibraryCode(body('Prisma.TransactionClient'), { typescript: true }), []);
    assert.equal(lintLibraryCode(body('PrismaClient'), { typescript: true }).length, 1);
    const inCallback = code([...imports,
      'export function move(teamId) {',
      '  return prisma.$transaction(async (db) => {',
      '    const issues = await db.issue.findMany({ where: { teamId } });',
      '    const members = await db.member.findMany({ where: { teamId } });',
      '    return { issues, members };',
      '  });',
      '}']);
    assert.deepEqual(lintLibraryCode(inCallback), []);
  });
});
