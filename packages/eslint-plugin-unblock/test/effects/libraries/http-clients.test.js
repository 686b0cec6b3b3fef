/**
 * The HTTP clients' table (rules/effects/libraries/http-clients.js): an instance made with
 * `got.extend()` or `axios.create()` keeps a socket pool, so two GETs may overlap even on a receiver
 * called `client`; a POST writes. HTTP has no transaction: a request's place is kept only by what
 * it writes.
 */
import assert from 'node:assert/strict';
import { lintLibraryCode, code } from './lint-library.js';

describe('library table: HTTP clients', () => {
  it('two GETs on a got instance named `client` are reported, known by the client\'s API', () => {
    const reports = lintLibraryCode(code([
      "import got from 'got';",
      "const client = got.extend({ prefixUrl: 'https://api.example.com' });",
      'export async function profile(id) {',
      '  const user = await client.get(`users/${id}`).json();',
      '  const repos = await client.get(`users/${id}/repos`).json();',
      '  return { user, repos };',
      '}']));
    assert.equal(reports.length, 1);
    assert.deepEqual(reports[0].operations.map((line) => line.endsWith("read, from HTTP client's API")), [true, true]);
  });

  it('a POST keeps its place: the GET after it waits', () => {
    const reports = lintLibraryCode(code([
      "const axios = require('axios');",
      "const api = axios.create({ baseURL: 'https://api.example.com' });",
      'async function star(repo) {',
      '  await api.post(`/repos/${repo}/star`);',
      '  const stars = await api.get(`/repos/${repo}/stargazers`);',
      '  return stars.data;',
      '}',
      'module.exports = { star };']));
    assert.deepEqual(reports, []);
  });
});
