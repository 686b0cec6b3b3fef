/**
 * A two-file project the robustness tests lint: a request handler (it answers its response) awaiting two helpers one after another,
 * and the helpers, which only compute. Read from their bodies, the two awaits gain nothing from
 * Promise.all and are not reported; unread (a budget hit, a parser that did not load), their names
 * decide and the pair is reported — so whether a report appears shows whether the other file was read.
 */
export const handler = `import { first, second } from './format.js';
export async function page(req, res) {
  const x = await first(req.query.a);
  const y = await second(req.query.b);
  res.json([x, y]);
}
`;

export const format = 'export async function first(x) { return x.trim(); }\nexport async function second(x) { return x.toUpperCase(); }\n';
