/**
 * What a piece of SQL text does: read or write, and which tables it names.
 * The statement's start decides (after comments and a `WITH … AS (…)`
 * prefix), and each kind needs its own shape (`DELETE FROM`, `UPDATE t SET`).
 */
/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */

/**
 * `SHOW search_path`, `SHOW TABLES`: one word in capitals or with an
 * underscore, alone (tested on the trimmed text: one `\w+` run and no
 * adjacent optional spaces, so the time stays linear on any input).
 */
const SHOW_STATEMENT = { test: (/** @type {string} */ body) => {
  const word = /^SHOW\s+(\w+)\s*;?$/.exec(body.trimEnd())?.[1];
  return word !== undefined && (/^[A-Z]+$/.test(word) || word.includes('_'));
} };

/**
 * Each statement kind by the shape of its start, so that prose passed to a
 * call ("Select a file", "update the settings") is never taken for SQL.
 * @type {Array<[{ test(text: string): boolean }, 'read' | 'write']>}
 */
const STATEMENTS = [
  [/^SELECT\s[\s\S]*?\bFROM\s+["`\w$]/i, 'read'],
  [/^SELECT\s+(?:\d|\*|\$|\?|[\w.]+\s*\()/i, 'read'],
  [/^EXPLAIN\s+(?:ANALY[SZ]E\s+)?SELECT\b/i, 'read'],
  [SHOW_STATEMENT, 'read'],
  [/^(?:INSERT|REPLACE|UPSERT)\s+(?:OR\s+\w+\s+|IGNORE\s+)?INTO\s/i, 'write'],
  [/^UPDATE\s+["`\w$.]+\s+(?:AS\s+\w+\s+|\w+\s+)?SET\s/i, 'write'],
  [/^DELETE\s+FROM\s/i, 'write'],
  [/^MERGE\s+INTO\s/i, 'write'],
  [/^(?:CREATE|ALTER|DROP)\s+(?:OR\s+REPLACE\s+)?(?:TEMP\w*\s+|UNIQUE\s+|MATERIALIZED\s+)?(?:TABLE|INDEX|VIEW|SCHEMA|DATABASE|SEQUENCE|TYPE|FUNCTION|TRIGGER|EXTENSION|PROCEDURE|ROLE|USER|POLICY)\b/i, 'write'],
  [/^TRUNCATE\s+(?:TABLE\s+)?["`\w$.]+\s*(?:;|$|,|CASCADE|RESTART)/i, 'write'],
  [/^(?:BEGIN|COMMIT|ROLLBACK|START\s+TRANSACTION|SAVEPOINT\s+\w+|RELEASE\s+SAVEPOINT)\b\s*(?:;|$|TRANSACTION|WORK|ISOLATION|READ|TO\s)/i, 'write'],
  [/^LOCK\s+TABLES?\s/i, 'write'],
  [/^SET\s+(?:LOCAL\s+|SESSION\s+)?[\w.]+\s*(?:=|TO\s)/i, 'write'],
  [/^CALL\s+[\w.]+\s*\(/i, 'write'],
];
const COMMENTS = /^\s*(?:(?:--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)\s*)*\(?\s*/;
const WITH_PREFIX = /^WITH\s+(?:RECURSIVE\s+)?["\w]+\s*(?:\([^)]*\)\s*)?AS\s*(?:NOT\s+)?(?:MATERIALIZED\s+)?\(/i;
const TABLE_NAMES = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+(?:ONLY\s+|IF\s+(?:NOT\s+)?EXISTS\s+)?((?:["`]?[\w$]+["`]?\.)?["`]?[\w$]+["`]?)/gi;

/**
 * @typedef {object} SqlFacts
 * @property {'read' | 'write'} kind
 * @property {string[]} tables lower-case table names, schema-qualified when written so
 */

/**
 * @param {string} text the SQL as written (template holes replaced by a placeholder)
 * @returns {SqlFacts | null} null when the text is not a SQL statement
 */
export function sqlFacts(text) {
  const body = text.replace(COMMENTS, '');
  /** @type {'read' | 'write' | null} */
  let kind;
  if (WITH_PREFIX.test(body)) {
    // A data-modifying CTE makes the whole statement a write.
    kind = /\(\s*(?:INSERT|UPDATE|DELETE|MERGE)\s/i.test(body) || /\)\s*(?:INSERT|UPDATE|DELETE|MERGE)\s/i.test(body) ? 'write' : 'read';
  } else {
    kind = STATEMENTS.find(([shape]) => shape.test(body))?.[1] ?? null;
  }
  if (!kind) return null;
  // SELECT … FOR UPDATE takes row locks.
  if (kind === 'read' && /\bFOR\s+(?:NO\s+KEY\s+)?UPDATE\b|\bFOR\s+SHARE\b/i.test(body)) kind = 'write';
  const tables = [...body.replace(/\bFOR\s+(?:NO\s+KEY\s+)?UPDATE\b/gi, '').matchAll(TABLE_NAMES)].map((found) => found[1].replace(/["`]/g, '').toLowerCase());
  return { kind, tables: [...new Set(tables)] };
}

/**
 * The SQL text of a string literal, template literal or tagged template
 * (holes become `?`), or null when the node holds no text.
 * @param {Node} node
 */
export function sqlTextOf(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((/** @type {any} */ quasi) => quasi.value.cooked ?? quasi.value.raw).join('?');
  if (node.type === 'TaggedTemplateExpression') return sqlTextOf(node.quasi);
  return null;
}
