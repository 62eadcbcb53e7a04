import { Cite } from '@citation-js/core'
import '@citation-js/plugin-bibtex'
import { parse as parseRis } from 'astrocite-ris'
import { Parser } from 'commonmark'
import { parse as parseCsv } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { renderAnnotationsCsv } from './annotations-csv.ts'
import { renderNotesMarkdown } from './notes-md.ts'
import { OUTPUT_LABELS } from './output-labels.ts'
import { sampleDocument } from '#tests/fixtures/outputs/sample-document.ts'
import { baseCitationKey, bibliographyItems, type CslItem } from './paper.ts'
import { renderReferencesBib } from './references-bib.ts'
import { renderReferencesRis } from './references-ris.ts'

type Parsed = { type: string; title?: string; author?: { family?: string; given?: string }[]; issued?: { 'date-parts': (string | number)[][] }; DOI?: string }

/** What a reference manager needs back: type, authors, title, year, DOI. */
function essentials(item: CslItem | Parsed) {
  return {
    title: item.title,
    authors: (item.author ?? []).map((a) => [a.family, a.given ?? '']),
    year: item.issued ? String(item.issued['date-parts'][0][0]) : null,
    doi: item.DOI ?? null,
  }
}

// BibTeX has no preprint type: @misc, which parsers read as a generic document.
const bibType = (t: string) => ({ article: 'document' })[t] ?? t

const document = sampleDocument()
const expected = bibliographyItems(document)

describe('records', () => {
  it('holds the paper and each work highlighted as a Reference, once, with authorYearTitleword keys', () => {
    expect(expected.map((i) => i.id)).toEqual(['orsted2021Magnetism', 'smith2020Deep', 'lee2019Preprint', 'garcia2018Conference'])
    expect(expected.map((i) => i.type)).toEqual(['article-journal', 'article-journal', 'article', 'paper-conference'])
    expect(baseCitationKey({ id: '', type: 'article', title: 'The end' })).toBe('anonEnd')
  })
})

describe('references.bib', () => {
  it('parses back (citation-js) to the same records', () => {
    const bib = renderReferencesBib(document)
    const parsed = new Cite(bib).data as (Parsed & { 'citation-key': string })[]
    expect(parsed.map((p) => p['citation-key'])).toEqual(expected.map((i) => i.id))
    expect(parsed.map((p) => p.type)).toEqual(expected.map((i) => bibType(i.type)))
    expect(parsed.map(essentials)).toEqual(expected.map(essentials))
    expect(bib).toContain('title = {On *magnetism* and \\_currents\\_: a \\{review\\}}')
    expect(bib).toContain('@inproceedings{garcia2018Conference')
  })
})

describe('references.ris', () => {
  it('parses back (astrocite-ris) to the same records', () => {
    const ris = renderReferencesRis(document)
    const parsed = parseRis(ris) as unknown as Parsed[]
    expect(parsed.map((p) => p.type)).toEqual(expected.map((i) => i.type))
    expect(parsed.map(essentials)).toEqual(expected.map(essentials))
  })
})

describe('notes.md', () => {
  const md = renderNotesMarkdown(document, OUTPUT_LABELS)
  it('has YAML front matter with the paper', () => {
    const front = md.match(/^---\n([\s\S]*?)\n---\n/)
    expect(front).not.toBeNull()
    const data = parseYaml(front![1])
    expect(data).toMatchObject({
      title: 'On *magnetism* and _currents_: a {review}',
      authors: ['Ørsted, Hans Christian', 'Sørensen, Bo'],
      year: 2021,
      container: 'Journal of Physics',
      doi: '10.1000/xyz_123',
      citekey: 'orsted2021Magnetism',
      categories: ['Key finding', 'Method', 'Reference'],
    })
    expect(data.tags).toContain('category/key-finding')
  })
  it('is CommonMark with one heading per category and each highlight as a block quote', () => {
    const body = md.replace(/^---\n[\s\S]*?\n---\n/, '')
    const tree = new Parser().parse(body)
    const headings: string[] = []
    const quotes: string[] = []
    const walker = tree.walker()
    let event
    const text = (node: NonNullable<ReturnType<typeof walker.next>>['node']) => {
      let out = ''
      const w = node.walker()
      let e
      while ((e = w.next())) if (e.entering && (e.node.type === 'text' || e.node.type === 'code')) out += e.node.literal
      return out
    }
    while ((event = walker.next())) {
      if (!event.entering) continue
      if (event.node.type === 'heading' && event.node.level === 2) headings.push(text(event.node))
      if (event.node.type === 'block_quote') quotes.push(text(event.node))
    }
    expect(headings).toEqual(['Key finding', 'Method', 'Reference', 'Comments'])
    expect(quotes).toHaveLength(4)
    expect(quotes[1]).toContain('# Not a heading * nor a list')
    expect(quotes[0]).toContain('#category/key-finding #colour/ffff00')
    expect(md).toContain('[Smith & Müller, 2020](<https://doi.org/10.1038/s41586-020-0001-x>)')
  })
})

describe('annotations.csv', () => {
  it('has a BOM and parses back to one row per highlight and comment', () => {
    const csv = renderAnnotationsCsv(document, OUTPUT_LABELS)
    expect(csv.startsWith('\uFEFF')).toBe(true)
    const rows = parseCsv(csv, { bom: true, columns: true }) as Record<string, string>[]
    expect(rows).toHaveLength(6)
    expect(rows[0]).toMatchObject({ Category: 'Key finding', Colour: '#ffff00', Page: '2', 'Page label': 'ii', Comment: 'Check this\non page 5', Type: 'highlight' })
    expect(rows[0].Text).toBe(document.annotations[0].text)
    expect(rows[2]['Cited works']).toContain('Smith & Müller, 2020 <https://doi.org/')
    expect(rows[4].Comment).toBe("'=SUM(A1) is not a formula")
  })
})
