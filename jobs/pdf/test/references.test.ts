import { describe, expect, it } from 'vitest'
import type { TextLine } from '../page-text.ts'
import { findReferences, parseReference, publicationYear } from '../references.ts'

const at = (text: string, x: number, y: number, page = 9, size = 9): TextLine => ({ text, x, y, page, size, fontName: 'f' })

describe('reference list', () => {
  it('splits a numbered list, across columns and pages', () => {
    const lines = [
      at('Some closing sentence of the paper.', 72, 300),
      at('References', 72, 280, 9, 11),
      at('[1] A. Gal, B. Eich, and M. Shaver, “Trace-based', 72, 260),
      at('just-in-time compilation,” in Proc. PLDI, 2009.', 82, 250),
      at('[2] F. Chang et al., “Bigtable,” in OSDI, 2006.', 320, 700),
      at('[3] L. Lamport, “Paxos made simple,” ACM SIGACT', 72, 700, 10),
      at('News, vol. 32, no. 4, pp. 18–25, 2001.', 82, 690, 10),
    ]
    const references = findReferences(lines)
    expect(references.map((r) => r.label)).toEqual(['1', '2', '3'])
    expect(references[0]).toMatchObject({ authors: ['A. Gal', 'B. Eich', 'M. Shaver'], title: 'Trace-based just-in-time compilation', year: 2009 })
    expect(references[2].raw).toBe('L. Lamport, “Paxos made simple,” ACM SIGACT News, vol. 32, no. 4, pp. 18–25, 2001.')
  })

  it('splits an author–year list by hanging indent', () => {
    const lines = [
      at('REFERENCES', 72, 400, 9, 11),
      at('Lee, J., & Kim, S. (2019). Graph methods for', 72, 380),
      at('reading. Journal of Reading, 3(2), 1–9.', 84, 370),
      at('Park, H. (2021). Trees and forests. Forest', 72, 360),
      at('Letters, 8, 100–110. https://doi.org/10.1000/trees', 84, 350),
    ]
    const references = findReferences(lines)
    expect(references).toHaveLength(2)
    expect(references[0]).toMatchObject({ authors: ['Lee, J.', 'Kim, S.'], year: 2019, title: 'Graph methods for reading', container: 'Journal of Reading' })
    expect(references[1]).toMatchObject({ authors: ['Park, H.'], year: 2021, doi: '10.1000/trees', url: 'https://doi.org/10.1000/trees' })
  })

  it('parses the common entry shapes', () => {
    expect(parseReference(0, null, 'ABADI, D. J., MADDEN, S. R., AND FERREIRA, M. C. Integrating compression and execution in column-oriented database systems. Proc. of SIGMOD (2006).')).toMatchObject({
      authors: ['ABADI, D. J.', 'MADDEN, S. R.', 'FERREIRA, M. C.'],
      year: 2006,
      title: 'Integrating compression and execution in column-oriented database systems',
    })
    expect(parseReference(0, null, 'Altschul SF, Madden TL, Lipman DJ. 1997. Gapped BLAST and PSI-BLAST: a new generation of protein database search programs. Nucleic Acids Research 25(17):3389–3402 DOI 10.1093/nar/25.17.3389.')).toMatchObject({
      authors: ['Altschul SF', 'Madden TL', 'Lipman DJ'],
      year: 1997,
      title: 'Gapped BLAST and PSI-BLAST: a new generation of protein database search programs',
      doi: '10.1093/nar/25.17.3389',
    })
    expect(parseReference(0, null, 'American Psychiatric Association. (2000). Diagnostic and Statistical Manual of Mental Disorders. Washington, DC.')).toMatchObject({
      authors: ['American Psychiatric Association'],
      year: 2000,
    })
    expect(parseReference(0, '4', 'C. Macdonald and N. Tonellotto. On approximate nearest neighbour selection. arXiv:2108.11480, 2021.').arxivId).toBe('2108.11480')
  })
})

describe('publication year of an entry', () => {
  it('prefers a parenthesised year and skips volumes, pages and ranges', () => {
    expect(publicationYear('Lecture Notes in Computer Science, vol. 1974, 2000.')).toBe(2000)
    expect(publicationYear('Smith, A. (2020a). First. Journal, 1999–2001.')).toBe(2020)
    expect(publicationYear('In Proc. of the 3rd OSDI (Feb. 1999), pp. 45–58.')).toBe(1999)
    expect(publicationYear('Perlmutter S et al 1999 Astrophys. J. 517 565')).toBe(1999)
    expect(publicationYear('No year here.')).toBeNull()
  })
})
