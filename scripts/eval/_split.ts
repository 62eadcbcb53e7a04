/**
 * The fixed dev/test split of the public corpus papers used by the reference-list and
 * citation-link evaluations: a paper is in test when the first 8 hex digits of the SHA-1 of its
 * file name (e.g. "pdfjs-tracemonkey.pdf"), read as a number, are 0 mod 3; otherwise in dev.
 * Nothing is tuned on test.
 */
import { createHash } from 'node:crypto'

export function splitOf(fileName: string): 'dev' | 'test' {
  return Number.parseInt(createHash('sha1').update(fileName).digest('hex').slice(0, 8), 16) % 3 === 0 ? 'test' : 'dev'
}
