import { describe, expect, it } from 'vitest'
import { bestLink, citationsIn, detectCitations, matchCitation } from '../citations.ts'
import type { Reference } from '../types.ts'

function ref(index: number, fields: Partial<Reference>): Reference {
  return { index, label: null, raw: '', authors: [], year: null, title: null, container: null, doi: null, url: null, arxivId: null, ...fields }
}

const authorYear: Reference[] = [
  ref(0, { raw: 'Lee, J., & Kim, S. (2019). Graphs. Journal A.', authors: ['Lee, J.', 'Kim, S.'], year: 2019, title: 'Graphs', doi: '10.1000/graphs' }),
  ref(1, { raw: 'Park, H. (2021). Trees.', authors: ['Park, H.'], year: 2021, title: 'Trees', url: 'https://example.org/trees' }),
  ref(2, { raw: 'Smith, A. (2020a). First.', authors: ['Smith, A.'], year: 2020, title: 'First', arxivId: '2001.00001' }),
  ref(3, { raw: 'Smith, A. (2020b). Second.', authors: ['Smith, A.'], year: 2020, title: 'Second' }),
  ref(4, { raw: 'Müller, K. (2018). Umlaut.', authors: ['Müller, K.'], year: 2018, title: 'Umlaut' }),
]

describe('in-text citation detection', () => {
  it('finds parenthetical author–year citations and splits groups', () => {
    expect(detectCitations('as shown before (Lee & Kim, 2019; Park, 2021).').map((c) => c.text)).toEqual(['Lee & Kim, 2019', 'Park, 2021'])
  })

  it('finds narrative citations with et al. and year letters', () => {
    const [citation] = detectCitations('Smith et al. (2020a) argue that')
    expect(citation).toMatchObject({ kind: 'author-year', surname: 'Smith', year: 2020, suffix: 'a' })
  })

  it('finds a single parenthetical citation', () => {
    expect(detectCitations('it works (Smith, 2020).')).toMatchObject([{ surname: 'Smith', year: 2020 }])
  })

  it('finds numeric citations and expands ranges', () => {
    expect(detectCitations('prior work [3] and others [3–5, 9]').map((c) => c.text)).toEqual(['[3]', '[3]', '[4]', '[5]', '[9]'])
  })

  it('reads "(6, 7)" as numeric citations only for a numbered list', () => {
    expect(detectCitations('breed differentiation (6, 7), origins', 'numeric').map((c) => c.text)).toEqual(['(6)', '(7)'])
    expect(detectCitations('the point (6, 7) on the plane', 'author-year')).toEqual([])
  })

  it('does not take years in prose for citations', () => {
    expect(detectCitations('In 2020 the field changed, and [sic] it did.')).toEqual([])
  })
})

describe('matching citations to the reference list', () => {
  it('matches surname and year, with the year letter choosing between homonyms', () => {
    expect(matchCitation({ text: '', kind: 'author-year', surname: 'Smith', year: 2020, suffix: 'b' }, authorYear)).toEqual({ index: 3, confidence: 0.8 })
    expect(matchCitation({ text: '', kind: 'author-year', surname: 'Park', year: 2021, suffix: null }, authorYear)).toEqual({ index: 1, confidence: 0.9 })
  })

  it('matches across diacritics', () => {
    expect(matchCitation({ text: '', kind: 'author-year', surname: 'Muller', year: 2018, suffix: null }, authorYear).index).toBe(4)
  })

  it('does not match a wrong year', () => {
    expect(matchCitation({ text: '', kind: 'author-year', surname: 'Park', year: 2015, suffix: null }, authorYear)).toEqual({ index: null, confidence: 0 })
  })

  it('matches numeric citations by label', () => {
    const numbered = [ref(0, { label: '1', raw: 'A' }), ref(1, { label: '2', raw: 'B', doi: '10.1/b' })]
    expect(matchCitation({ text: '[2]', kind: 'numeric', labels: [2] }, numbered)).toEqual({ index: 1, confidence: 0.95 })
    expect(matchCitation({ text: '[7]', kind: 'numeric', labels: [7] }, numbered).index).toBeNull()
  })

  it('gives the best link: DOI, else URL, else arXiv, else a scholarly search', () => {
    expect(bestLink(authorYear[0])).toBe('https://doi.org/10.1000/graphs')
    expect(bestLink(authorYear[1])).toBe('https://example.org/trees')
    expect(bestLink(authorYear[2])).toBe('https://arxiv.org/abs/2001.00001')
    expect(bestLink(authorYear[3])).toBe('https://scholar.google.com/scholar?q=Second')
    expect(bestLink(null)).toBeNull()
  })

  it('puts it together for a highlight', () => {
    expect(citationsIn('see (Lee & Kim, 2019; Park, 2021)', authorYear)).toEqual([
      { text: 'Lee & Kim, 2019', referenceIndex: 0, confidence: 0.9, url: 'https://doi.org/10.1000/graphs' },
      { text: 'Park, 2021', referenceIndex: 1, confidence: 0.9, url: 'https://example.org/trees' },
    ])
  })
})
