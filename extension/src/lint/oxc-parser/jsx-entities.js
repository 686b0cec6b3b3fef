// HTML entities in JSX text, decoded as typescript-eslint decodes them (unescapeStringLiteralText):
// `&name;` from the XHTML table both it and acorn-jsx carry (test/extension/oxc-parser.test.js
// checks they are the same), `&#123;` and `&#x7b;` by code point.
import xhtmlEntities from 'acorn-jsx/xhtml.js';

/** @type {Record<string, string>} */
const ENTITIES = xhtmlEntities;

/** @param {string} text */
export function decodeEntities(text) {
  if (!text.includes('&')) return text;
  return text.replaceAll(/&(?:#\d+|#x[\da-fA-F]+|[0-9a-zA-Z]+);/g, (entity) => {
    const item = entity.slice(1, -1);
    if (item[0] === '#') {
      const codePoint = item[1] === 'x' ? parseInt(item.slice(2), 16) : parseInt(item.slice(1), 10);
      return codePoint > 0x10ffff ? entity : String.fromCodePoint(codePoint);
    }
    return ENTITIES[item] || entity;
  });
}
