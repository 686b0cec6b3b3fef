/**
 * A count as a message says it: "two", "ten", then digits ("11").
 */
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** @param {number} count */
export const countWord = (count) => NUMBER_WORDS[count] ?? String(count);
