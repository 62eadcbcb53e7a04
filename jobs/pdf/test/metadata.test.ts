import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { extractFromBytes } from '../extract.ts'
import { arxivFromText, authorsFromText, doiFromText, isPlausibleTitle, journalFromText, titleFromText } from '../metadata.ts'
import type { TextLine } from '../page-text.ts'
import { CORPUS_DIR } from './corpus.ts'

const line = (text: string, size: number, y: number, page = 1): TextLine => ({ text, size, x: 72, y, page, fontName: 'f' })

describe('metadata from the first page', () => {
  const page = [
    line('Journal of Things (2014), 26:1, 147–154', 7, 760),
    line('A Study of Highlights', 18, 700),
    line('in Scholarly Reading', 18, 680),
    line('Ann Smith1, Bo Li2 and Carla de la Cruz3', 12, 650),
    line('1 Department of Reading, Some University', 8, 640),
    line('ann@example.org', 8, 630),
    line('Abstract', 10, 600),
    line('We study how readers highlight. doi:10.1234/abc.5678.', 10, 580),
  ]

  it('takes the title from the largest text at the top, joining its lines', () => {
    expect(titleFromText(page)).toBe('A Study of Highlights in Scholarly Reading')
  })

  it('takes the authors printed under the title, without footnote marks', () => {
    expect(authorsFromText(page, 'A Study of Highlights in Scholarly Reading')).toEqual(['Ann Smith', 'Bo Li', 'Carla de la Cruz'])
  })

  it('reads a journal citation line', () => {
    expect(journalFromText(page)).toEqual({ journal: 'Journal of Things', year: 2014, volume: '26', issue: '1', pages: '147–154' })
  })

  it('finds DOIs and arXiv identifiers, without trailing punctuation', () => {
    expect(doiFromText('see doi:10.1234/abc.5678.')).toBe('10.1234/abc.5678')
    expect(doiFromText('https://doi.org/10.1145/3459637.3482156)')).toBe('10.1145/3459637.3482156')
    expect(arxivFromText('arXiv:1412.6206v1 [hep-lat] 19 Dec 2014')).toBe('1412.6206')
    expect(arxivFromText('arXiv:gr-qc/0507057')).toBe('gr-qc/0507057')
  })

  it('rejects titles that producers write instead of the real one', () => {
    expect(isPlausibleTitle('Microsoft Word - draft7.docx')).toBe(false)
    expect(isPlausibleTitle('paper.pdf')).toBe(false)
    expect(isPlausibleTitle('Untitled')).toBe(false)
    expect(isPlausibleTitle('Bigtable: A Distributed Storage System')).toBe(true)
  })
})

const read = (name: string) => extractFromBytes(new Uint8Array(readFileSync(path.join(CORPUS_DIR, 'papers', name))), { style: 'apa' })

describe('metadata of corpus papers', () => {
  it('TraceMonkey: title and authors from the first page', async () => {
    const { metadata } = await read('pdfjs-tracemonkey.pdf')
    expect(metadata.title).toBe('Trace-based Just-in-Time Type Specialization for Dynamic Languages')
    expect(metadata.authors.slice(0, 3)).toEqual([
      { family: 'Gal', given: 'Andreas' },
      { family: 'Eich', given: 'Brendan' },
      { family: 'Shaver', given: 'Mike' },
    ])
  })

  it('a JSTOR download: the cover page record', async () => {
    const extraction = await read('zotero-duplicatesMerge_JSTOR_1.pdf')
    expect(extraction.metadata).toMatchObject({
      title: 'FAO’s Work in Mountains',
      year: 2021,
      journal: 'Mountain Research and Development',
      volume: '41',
      issue: '3',
      pages: 'P1–P3',
      doi: '10.2307/48635686',
    })
    expect(extraction.citation).toBe(
      'Romeo, R., Manuelli, S., & Abear, S. (2021). FAO’s Work in Mountains. Mountain Research and Development, 41(3), P1–P3. https://doi.org/10.2307/48635686',
    )
  })

  it('an arXiv preprint: the identifier from the margin stamp', async () => {
    const { metadata } = await read('zotero-recognizePDF_test_arXiv.pdf')
    expect(metadata).toMatchObject({ title: 'Scaling study of an improved fermion action on quenched lattices', arxivId: '1412.6206', year: 2014 })
    expect(metadata.authors[0]).toEqual({ family: 'Cho', given: 'Yong-Gwi' })
  })

  it('a journal article with its journal line and DOI', async () => {
    const { metadata } = await read('cermine-example1.pdf')
    expect(metadata).toMatchObject({ journal: 'International Psychogeriatrics', volume: '26', issue: '1', pages: '147–154', year: 2014, doi: '10.1017/S1041610213001804' })
  })
})
