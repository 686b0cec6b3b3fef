/**
 * The pinned real server codebases the rules are measured on, and which of their files are
 * server-side source. Versions are pinned so numbers taken on different days compare.
 *
 * Each package is judged by what it ships (see /work/shared/guides/real-code.md):
 * - ghost ships its server as written (CommonJS JavaScript plus a few TypeScript files) under core/;
 *   core/built and core/frontend/{src,public} are browser bundles, data/schema/fixtures is seed data.
 * - @directus/api ships compiled ES modules under dist/ (no source maps); test-utils are test helpers.
 * - @strapi/core ships compiled CommonJS (.js) and ESM (.mjs) twins under dist/, plus source maps
 *   whose sourcesContent holds the original TypeScript (see source-maps.js); we lint the .js twin.
 */

/**
 * @typedef {object} Corpus
 * @property {string} name short id used on the command line and in reports
 * @property {string} spec npm package spec, pinned to one version
 * @property {string} dir folder name under the cache (matches the tarball name)
 * @property {string[]} include globs (relative to the unpacked package/) of files to lint
 * @property {string[]} exclude globs of files that are not server-side source
 * @property {boolean} [typeScriptFromMaps] the original .ts can be rebuilt from dist/**\/*.map
 */

/** Never server source, whatever the package. */
const ALWAYS_EXCLUDED = [
  '**/node_modules/**',
  '**/*.min.js',
  '**/*.d.ts',
  '**/test/**',
  '**/tests/**',
  '**/__tests__/**',
  '**/__mocks__/**',
  '**/fixtures/**',
  '**/*.test.*',
  '**/*.spec.*',
];

/** @type {Corpus[]} */
export const CORPORA = [
  {
    name: 'ghost',
    spec: 'ghost@5.130.6',
    dir: 'ghost-5.130.6',
    include: ['core/**/*.js', 'core/**/*.ts'],
    exclude: [...ALWAYS_EXCLUDED, 'core/built/**', 'core/frontend/src/**', 'core/frontend/public/**'],
  },
  {
    name: 'directus',
    spec: '@directus/api@39.2.1',
    dir: 'directus-api-39.2.1',
    include: ['dist/**/*.js'],
    exclude: [...ALWAYS_EXCLUDED, 'dist/test-utils/**', 'dist/_virtual/**'],
  },
  {
    name: 'strapi',
    spec: '@strapi/core@5.54.0',
    dir: 'strapi-core-5.54.0',
    include: ['dist/**/*.js'],
    exclude: ALWAYS_EXCLUDED,
    typeScriptFromMaps: true,
  },
];

/**
 * TypeScript only: more pinned @strapi packages whose source maps carry their original .ts/.tsx
 * (server and admin code). Together with Ghost's and @strapi/core's TypeScript they give the
 * editor-equivalence check (scripts/equivalence/) more than 2,000 real TypeScript files.
 * @type {Corpus[]}
 */
export const TYPESCRIPT_ONLY_CORPORA = [
  'admin', 'cloud-cli', 'content-manager', 'content-releases', 'content-type-builder', 'data-transfer', 'database',
  'email', 'generators', 'i18n', 'permissions', 'review-workflows', 'strapi', 'upload', 'utils',
].map((name) => ({
  name: `strapi-${name}`,
  spec: `@strapi/${name}@5.54.0`,
  dir: `strapi-${name}-5.54.0`,
  include: [],
  exclude: ALWAYS_EXCLUDED,
  typeScriptFromMaps: true,
}));

/** Files larger than this are generated tables or bundles, not hand-written server code. */
export const MAX_SOURCE_BYTES = 400_000;

/**
 * @param {string} name
 * @returns {Corpus}
 */
export function corpusByName(name) {
  const all = [...CORPORA, ...TYPESCRIPT_ONLY_CORPORA];
  const corpus = all.find((candidate) => candidate.name === name);
  if (!corpus) throw new Error(`unknown corpus "${name}" (known: ${all.map((c) => c.name).join(', ')})`);
  return corpus;
}
