/**
 * The library tables, by the package a receiver is imported from. A new library is one file in
 * this folder exporting a LibraryApi (library-api.js) and one line here; it gets its own test in
 * the package's test/effects/libraries/.
 */
import { libraryTable } from './library-api.js';
import prisma from './prisma.js';
import sequelize from './sequelize.js';
import typeorm from './typeorm.js';
import mongoose from './mongoose.js';
import knex from './knex.js';
import redis from './redis.js';
import sqlDrivers from './sql-drivers.js';
import httpClients from './http-clients.js';
import simpleGit from './simple-git.js';

export { kindOfMethods, madeBy } from './library-api.js';

const TABLES = [prisma, sequelize, typeorm, mongoose, knex, redis, sqlDrivers, httpClients, simpleGit].map(libraryTable);

/** @type {Map<string, import('./library-api.js').LibraryTable>} */
const byPackage = new Map(TABLES.flatMap((table) => table.api.packages.map((name) => [name, table])));

/**
 * The table of the package an import specifier names (`@prisma/client`, `redis/dist/…`), or null.
 * @param {string} specifier
 */
export function tableOfSpecifier(specifier) {
  if (typeof specifier !== 'string' || specifier.startsWith('.') || specifier.startsWith('/')) return null;
  const parts = specifier.replace(/^node:/, '').split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return byPackage.get(name) ?? null;
}
