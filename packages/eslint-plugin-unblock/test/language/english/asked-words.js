/**
 * Every word the rules asked the English tagger while linting, recorded by logging isNounWord's
 * argument: the eight labeled real backends (../shared/realcode: NodeBB, uptime-kuma, parse-server,
 * emailengine, Outline, Ghostfolio, Hoppscotch, Umami), this repo's fixtures/ (scripts/equivalence/outputs.js),
 * the pinned corpora of scripts/corpus (Ghost core, @directus/api, @strapi/core) and the test cases
 * (the plugin's test/). The table must answer each exactly as compromise does.
 */
export const ASKED_WORDS = {
  realBackendsAndFixtures: ['available', 'build', 'can', 'collection', 'filter', 'fire', 'generate', 'info', 'json', 'pack', 'parse', 'present', 'public', 'refresh', 'service', 'sorted', 'text', 'to', 'unread'],
  ghostDirectusStrapi: ['file', 'like', 'render', 'sanitize', 'unlike'],
  testCases: ['compute', 'config', 'fetch', 'file', 'generate', 'invoice', 'it', 'like', 'posts', 'prepare', 'profile', 'refresh', 'render', 'sanitize', 'serialize', 'settings', 'unlike', 'user', 'value'],
};
