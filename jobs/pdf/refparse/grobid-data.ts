/**
 * Reads GROBID's labelled reference strings (TEI `<bibl>` with `<author>`, `<title level=…>`,
 * `<biblScope>`, `<date>`, …) into token sequences with one label per token. Used by the
 * training script and the evaluation, never by the engine.
 *
 * Data: GROBID trainer (kermitt2/grobid, `grobid-trainer/resources/dataset/`), Apache-2.0 — see
 * ../shared/datasets/grobid-training/README.md.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Label } from './labels.ts'
import { tokenize } from './tokenize.ts'

export type LabelledEntry = { file: string; text: string; spans: { start: number; end: number; label: Label }[] }
export type LabelledSequence = { file: string; text: string; tokens: string[]; starts: number[]; ends: number[]; labels: Label[] }

export const GROBID_DIR = process.env.MARGINALIA_GROBID ?? path.resolve(import.meta.dirname, '../../../../shared/datasets/grobid-training')

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16))
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

/** TEI element (with its attributes) → our label; null = not a field (its text is `other`). */
function labelOf(tag: string, attributes: string, hasAnalytic: boolean): Label | null {
  const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1]?.toLowerCase() ?? ''
  switch (tag.toLowerCase()) {
    case 'author':
      return 'author'
    case 'editor':
      return 'editor'
    case 'title': {
      const level = attr('level')
      if (level === 'a') return 'title'
      if (level === 'j') return 'journal'
      if (level === 's') return 'series'
      // A monograph title is the container when the entry also has an article title (a chapter,
      // a conference paper), else the work itself.
      return hasAnalytic ? 'booktitle' : 'title'
    }
    case 'biblscope': {
      const unit = attr('unit') || attr('type')
      if (/^(vol|volume)$/.test(unit)) return 'volume'
      if (/^(issue|number)$/.test(unit)) return 'issue'
      if (/^(pp|page|pages)$/.test(unit)) return 'pages'
      return 'note'
    }
    case 'date':
    case 'year':
      return 'date'
    case 'publisher':
      return 'publisher'
    case 'pubplace':
      return 'location'
    case 'orgname':
      return attr('type') === 'collaboration' ? 'collaboration' : 'institution'
    case 'idno': {
      const type = attr('type')
      if (type === 'doi') return 'doi'
      if (type.startsWith('arxiv')) return 'arxiv'
      return 'idno'
    }
    case 'ptr':
      return 'url'
    case 'note':
      return attr('type') === 'report' ? 'tech' : 'note'
    default:
      return null
  }
}

/** One `<bibl>` element's inner XML → its text (white space collapsed) and labelled character spans. */
export function parseBibl(inner: string, file = ''): LabelledEntry {
  const hasAnalytic = /<title\s+level="a"/i.test(inner)
  let text = ''
  const spans: (LabelledEntry['spans'][number] & { element: number })[] = []
  const stack: { label: Label | null; element: number }[] = []
  let elements = 0
  const append = (raw: string) => {
    let chunk = decode(raw).replace(/\s+/g, ' ')
    if (text.endsWith(' ') || text === '') chunk = chunk.replace(/^ /, '')
    if (!chunk) return
    const owner = stack.toReversed().find((s) => s.label !== null)
    const start = text.length
    text += chunk
    if (!owner?.label) return
    // Field spans never start or end with a space.
    const s = start + (chunk.length - chunk.trimStart().length)
    const e = start + chunk.trimEnd().length
    if (e <= s) return
    const last = spans[spans.length - 1]
    if (last && last.element === owner.element) last.end = e
    else spans.push({ start: s, end: e, label: owner.label, element: owner.element })
  }
  const TAG = /<(\/?)([A-Za-z][\w:]*)([^>]*?)(\/?)>/g
  let position = 0
  for (const match of inner.matchAll(TAG)) {
    append(inner.slice(position, match.index))
    position = match.index + match[0].length
    const [, closing, tag, attributes, selfClosing] = match
    if (tag.toLowerCase() === 'lb') append(' ')
    else if (selfClosing) continue
    else if (closing) stack.pop()
    else stack.push({ label: labelOf(tag, attributes, hasAnalytic), element: ++elements })
  }
  append(inner.slice(position))
  const trimmed = text.trimEnd()
  return { file, text: trimmed, spans: spans.map(({ start, end, label }) => ({ start, end: Math.min(end, trimmed.length), label })) }
}

/** Every `<bibl>` of one TEI file. */
export function readBibls(file: string): LabelledEntry[] {
  const xml = readFileSync(file, 'utf8').replace(/<!--[\s\S]*?-->/g, '')
  const name = path.basename(file)
  return [...xml.matchAll(/<bibl(?:\s[^>]*)?>([\s\S]*?)<\/bibl>/g)].map((m) => parseBibl(m[1], name)).filter((e) => e.text.length > 0)
}

/** Character spans → one label per token (`other` outside every field). */
export function toSequence(entry: LabelledEntry): LabelledSequence {
  const tokens = tokenize(entry.text)
  const labels = tokens.map((token) => {
    const span = entry.spans.find((s) => token.start >= s.start && token.end <= s.end) ?? entry.spans.find((s) => token.start < s.end && token.end > s.start)
    return span?.label ?? 'other'
  })
  return { file: entry.file, text: entry.text, tokens: tokens.map((t) => t.text), starts: tokens.map((t) => t.start), ends: tokens.map((t) => t.end), labels }
}

/** 32-bit FNV-1a of a file name: the split must not depend on listing order or on the machine. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (const byte of Buffer.from(text, 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0
  return hash
}

/**
 * The fixed split of `citation/corpus/`: a file is dev when FNV-1a(file name) mod 5 is 0 (about a
 * fifth of the files, whole files so that one paper's entries never sit on both sides), train
 * otherwise. `citation/evaluation/` is held out: never trained or tuned on. GROBID's corpus
 * folder also holds copies of the two evaluation files (same names, a few edits), and a few
 * entries of other files repeat evaluation entries: those files and entries are left out of
 * train and dev (`loadCitations`), and dev entries that repeat a train entry are left out of dev.
 */
export function splitOf(fileName: string): 'train' | 'dev' {
  return fnv1a(fileName) % 5 === 0 ? 'dev' : 'train'
}

/** An entry's text for finding repeats: letters and digits only, lower case. */
export function entryKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')
}

function readFolder(folder: string, keep: (file: string) => boolean): LabelledEntry[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.xml') && keep(f))
    .sort()
    .flatMap((f) => readBibls(path.join(folder, f)))
}

export function loadCitations(part: 'train' | 'dev' | 'evaluation', root = GROBID_DIR): LabelledEntry[] {
  const evaluationFolder = path.join(root, 'citation', 'evaluation')
  const evaluation = readFolder(evaluationFolder, () => true)
  if (part === 'evaluation') return evaluation
  const evaluationFiles = new Set(readdirSync(evaluationFolder))
  const heldOut = new Set(evaluation.map((e) => entryKey(e.text)))
  const corpus = (which: 'train' | 'dev') =>
    readFolder(path.join(root, 'citation', 'corpus'), (f) => !evaluationFiles.has(f) && splitOf(f) === which).filter((e) => !heldOut.has(entryKey(e.text)))
  if (part === 'train') return corpus('train')
  const train = new Set(corpus('train').map((e) => entryKey(e.text)))
  return corpus('dev').filter((e) => !train.has(entryKey(e.text)))
}
