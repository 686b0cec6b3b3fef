/**
 * Generates a long file of realistic request handlers (waterfalls, loops,
 * blocking calls, and code the rules must leave alone) for size benchmarks
 * and robustness tests.
 */

/**
 * @param {number} count how many handlers (about 5 lines of code each... 20 with the rest)
 */
export function generateHandlers(count) {
  const parts = [
    "import { readFileSync } from 'node:fs';",
    "import crypto from 'node:crypto';",
    '',
  ];
  for (let i = 0; i < count; i++) {
    parts.push(
      `export async function handler${i}(req, res) {`,
      `  const user${i} = await db.getUser(req.params.id);`,
      `  const orders${i} = await db.getOrders(req.params.id);`,
      `  const friends${i} = await api.getFriends(user${i}.id);`,
      `  const template = readFileSync('./views/page${i}.html', 'utf8');`,
      `  const hash = crypto.pbkdf2Sync(req.body.password, 'salt', 1000, 64, 'sha512');`,
      '  const results = [];',
      `  for (const item of orders${i}) {`,
      '    results.push(await api.getDetails(item.id));',
      '  }',
      '  let cursor = null;',
      '  do {',
      '    const page = await api.list({ cursor });',
      '    cursor = page.next;',
      '  } while (cursor);',
      `  if (!user${i}) return res.status(404).end();`,
      `  res.json({ user: user${i}, orders: orders${i}, friends: friends${i}, template, hash, results });`,
      '}',
      '',
    );
  }
  return parts.join('\n');
}
