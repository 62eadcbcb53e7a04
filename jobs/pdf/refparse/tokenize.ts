/**
 * Tokens of a reference string: runs of letters, runs of digits (so "D59" is "D" + "59", as a
 * journal series and its volume) and every other non-space character alone.
 */
export type Token = { text: string; start: number; end: number }

const TOKEN = /[\p{L}\p{M}]+|\p{N}+|[^\s\p{L}\p{M}\p{N}]/gu

export function tokenize(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }))
}
