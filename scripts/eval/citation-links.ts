/**
 * In-text citation links inside highlights: hand-labelled passages of the public corpus papers
 * (scripts/eval/truth/citation-passages.json — text as a reader would highlight it, and the
 * entries of the paper's list it cites: "#N" for the N-th entry of the hand-checked list in
 * truth/references/, or the first words of that entry), including passages that cite nothing
 * (vectors, equations, years in prose, page numbers, numbered steps). The engine's own reference
 * list for the paper is used, so a list that is found or split wrongly costs links too.
 * A link is right when the entry it points to starts like the cited entry. Precision over the
 * links the engine makes, recall over the cited entries. Split as in reference-list.ts.
 *
 * `node scripts/eval/citation-links.ts [--errors]`
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { citationsIn } from '../../jobs/pdf/citations.ts'
import { extractFromBytes } from '../../jobs/pdf/extract.ts'
import { CORPUS_DIR } from '../../jobs/pdf/test/corpus.ts'
import type { Reference } from '../../jobs/pdf/types.ts'
import { splitOf } from './_split.ts'

const { values } = parseArgs({ options: { errors: { type: 'boolean', default: false } }, strict: false })
const TRUTH = path.join(import.meta.dirname, 'truth')
type Passage = { file: string; text: string; cites: string[] }
const passages = JSON.parse(readFileSync(path.join(TRUTH, 'citation-passages.json'), 'utf8')) as Passage[]

const key = (text: string) =>
  text
    .split(/\s+/)
    .slice(0, 3)
    .join(' ')
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase()

function truthEntry(starts: string[], cite: string): string {
  if (cite.startsWith('#')) return key(starts[Number(cite.slice(1)) - 1])
  const matches = starts.filter((s) => key(s).startsWith(key(cite)))
  if (matches.length !== 1) throw new Error(`"${cite}" names ${matches.length} entries`)
  return key(matches[0])
}

const lists = new Map<string, { references: Reference[]; starts: string[] }>()
const totals = { dev: { links: 0, right: 0, cited: 0 }, test: { links: 0, right: 0, cited: 0 } }
for (const passage of passages) {
  let paper = lists.get(passage.file)
  if (!paper) {
    const { references } = await extractFromBytes(new Uint8Array(readFileSync(path.join(CORPUS_DIR, passage.file))), { style: 'apa' }, { withCitation: false })
    const truth = JSON.parse(readFileSync(path.join(TRUTH, 'references', `${path.basename(passage.file, '.pdf')}.json`), 'utf8')) as { starts: string[] }
    paper = { references, starts: truth.starts }
    lists.set(passage.file, paper)
  }
  const pending = passage.cites.map((c) => truthEntry(paper.starts, c))
  const total = totals[splitOf(path.basename(passage.file))]
  total.cited += pending.length
  const wrong: string[] = []
  for (const citation of citationsIn(passage.text, paper.references)) {
    if (citation.referenceIndex === null) continue
    total.links++
    const at = pending.indexOf(key(paper.references[citation.referenceIndex].raw))
    if (at >= 0) {
      pending.splice(at, 1)
      total.right++
    } else wrong.push(`${citation.text} → ${paper.references[citation.referenceIndex].raw.slice(0, 40)}`)
  }
  if (values.errors && (wrong.length || pending.length)) process.stdout.write(`${path.basename(passage.file)}: ${passage.text.slice(0, 70)}…\n    wrong: ${wrong.join('; ')}\n    missed: ${pending.join('; ')}\n`)
}
const pct = (a: number, b: number) => (b === 0 ? '  n/a' : ((100 * a) / b).toFixed(1).padStart(5))
process.stdout.write('split  cited  links  right  precision  recall   (bars: recall ≥ 85 %, precision ≥ 95 %)\n')
for (const split of ['dev', 'test'] as const) {
  const t = totals[split]
  process.stdout.write(`${split.padEnd(6)} ${String(t.cited).padStart(5)}  ${String(t.links).padStart(5)}  ${String(t.right).padStart(5)}     ${pct(t.right, t.links)}   ${pct(t.right, t.cited)}\n`)
}
