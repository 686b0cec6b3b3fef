import assert from 'node:assert/strict';
import httpClients from '../../../rules/project/evidence/http-clients.js';
import { sourceSays } from './call-site.js';

describe('evidence: HTTP clients', () => {
  it('global fetch: GET by default, the method option decides', () => {
    assert.deepEqual(sourceSays(httpClients, 'function target(id) { return fetch(`/u/${id}`); }'), { kind: 'read', io: true, reads: ['http'], writes: [], evidence: 'HTTP GET' });
    assert.equal(sourceSays(httpClients, "function target(id) { return fetch(`/u/${id}`, { method: 'DELETE' }); }")?.kind, 'write');
  });

  it('a method that cannot be read is taken for a write', () => {
    assert.equal(sourceSays(httpClients, 'function target(m) { return fetch("/u", { method: m }); }')?.kind, 'write');
    assert.equal(sourceSays(httpClients, 'function target(o) { return fetch("/u", { ...o }); }')?.kind, 'write');
  });

  it('a client package by import: the member names the method', () => {
    assert.equal(sourceSays(httpClients, "import axios from 'axios';\nfunction target(id) { return axios.get(`/u/${id}`); }")?.kind, 'read');
    assert.equal(sourceSays(httpClients, "import axios from 'axios';\nfunction target(id, b) { return axios.post(`/u/${id}`, b); }")?.evidence, 'HTTP POST');
  });

  it('says nothing about an imported or local fetch, or an unknown client', () => {
    assert.equal(sourceSays(httpClients, 'function target(fetch) { return fetch("/u", { method: "DELETE" }); }'), null);
    assert.equal(sourceSays(httpClients, "import { fetch } from './cache';\nfunction target() { return fetch('/u'); }"), null);
    assert.equal(sourceSays(httpClients, "import api from './api';\nfunction target() { return api.get('/u'); }"), null);
  });
});
