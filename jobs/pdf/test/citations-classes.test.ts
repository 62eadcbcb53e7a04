/** In-text citations inside highlights: one test per failure class (issue 11, item 5). */
import { describe, expect, it } from 'vitest'
import { citationsIn } from '../citations.ts'
import { extractFromBytes } from '../extract.ts'
import type { Reference } from '../types.ts'
import { buildPdf, highlightAnnot } from './make-pdf.ts'

function ref(index: number, fields: Partial<Reference>): Reference {
  return { index, label: null, raw: '', authors: [], year: null, title: null, container: null, doi: null, url: null, arxivId: null, ...fields }
}

const numbered = Array.from({ length: 12 }, (_, i) => ref(i, { label: String(i + 1), raw: `Author ${i + 1}. Title. 2001.`, year: 2001 }))
const linked = (text: string, references: Reference[]) => citationsIn(text, references).filter((c) => c.referenceIndex !== null).map((c) => c.referenceIndex)

describe('numeric citations', () => {
  it('expands lists and ranges', () => {
    expect(linked('as shown before [3–6] and in [1, 9].', numbered)).toEqual([2, 3, 4, 5, 0, 8])
  })

  it('reads parenthesised groups as citations in a numbered paper', () => {
    expect(linked('as reported earlier (2,3,12) and (7).', numbered)).toEqual([1, 2, 11, 6])
  })

  it('reads superscript lists and ranges glued to a word or its punctuation', () => {
    expect(linked('in several cell lines2,3 and in mice.4–6 Later work', numbered)).toEqual([1, 2, 3, 4, 5])
  })

  it('does not link intervals, vectors, function calls, equations, numbered steps or page numbers', () => {
    for (const text of [
      'where x is in [0; 1] and y in [0, 1].',
      'with (ρ1, ρ2, ρ3, ρ4) = 1 432 (64, 16, 4, 1) and',
      'mov edx, ebx(7) // load primes; cl(t) = exp(−kt), (4) where t is time.',
      'The master starts. (1) The master grabs a lock. (2) The master scans.',
      'a (12;12) approximation',
      'Journal of Physics 24(1):138–145, and vol. 10 (2008) 003.',
      'a footnote mark invoked5 and the formula CO2 with 2,000 samples',
    ]) {
      expect(linked(text, numbered), text).toEqual([])
    }
  })
})

describe('author–year citations', () => {
  const list: Reference[] = [
    ref(0, { raw: 'Nilsson, L-G. et al. (1997). The Betula study.', authors: ['Nilsson, L-G.'], people: [{ family: 'Nilsson', given: 'L.-G.' }], year: 1997 }),
    ref(1, { raw: 'Nilsson, L-G., Adolfsson, R. and Nyberg, L. (2004). Betula.', authors: ['Nilsson, L-G.', 'Adolfsson, R.', 'Nyberg, L.'], people: [{ family: 'Nilsson', given: 'L.-G.' }, { family: 'Adolfsson', given: 'R.' }, { family: 'Nyberg', given: 'L.' }], year: 2004 }),
    ref(2, { raw: 'Golub GH, LeVeque RJ (1979). Extensions.', authors: ['Golub GH', 'LeVeque RJ'], people: [{ family: 'Golub', given: 'G. H.' }, { family: 'LeVeque', given: 'R. J.' }], year: 1979 }),
    ref(3, { raw: 'Golub GH, Pereyra V (1979). Differentiation.', authors: ['Golub GH', 'Pereyra V'], people: [{ family: 'Golub', given: 'G. H.' }, { family: 'Pereyra', given: 'V.' }], year: 1979 }),
    ref(4, { raw: 'UNCED [United Nations Conference on Environment and Development]. 1992. Agenda 21.', authors: [], year: 1992 }),
    ref(5, { raw: 'Wang, R. and Neumann, G. 2013a. First.', authors: ['Wang, R.', 'Neumann, G.'], people: [{ family: 'Wang', given: 'R.' }, { family: 'Neumann', given: 'G.' }], year: 2013 }),
    ref(6, { raw: 'Wang, R. and Neumann, G. 2013b. Second.', authors: ['Wang, R.', 'Neumann, G.'], people: [{ family: 'Wang', given: 'R.' }, { family: 'Neumann', given: 'G.' }], year: 2013 }),
    ref(7, { raw: 'van der Berg, K. (2019). Dutch.', authors: ['van der Berg, K.'], people: [{ family: 'van der Berg', given: 'K.' }], year: 2019 }),
    ref(8, { raw: 'Smith, A. and Lee, B. (2019). Narrative.', authors: ['Smith, A.', 'Lee, B.'], people: [{ family: 'Smith', given: 'A.' }, { family: 'Lee', given: 'B.' }], year: 2019 }),
  ]

  it('gives a bare year after a semicolon to the authors before it', () => {
    expect(linked('the Betula study (Nilsson et al., 1997; 2004)', list)).toEqual([0, 1])
  })

  it('reads year letters given alone ("2013a, b")', () => {
    expect(linked('as before (Wang and Neumann, 2013a, b).', list)).toEqual([5, 6])
  })

  it('reads a year without a comma before it, and organisations', () => {
    expect(linked('Agenda 21 (UNCED 1992) and (Golub and Pereyra 1979).', list)).toEqual([4, 3])
  })

  it('tells two entries of the same first author and year apart by the second author', () => {
    expect(linked('the variable projection algorithm (Golub and LeVeque 1979)', list)).toEqual([2])
  })

  it('reads narrative citations and particles', () => {
    expect(linked('Smith and Lee (2019) showed, as van der Berg (2019) did,', list)).toEqual([8, 7])
  })

  it('does not link years in running text', () => {
    expect(linked('In 2019, 1997 people were surveyed between 2004 and 2013.', list)).toEqual([])
  })
})

describe('citations in a highlight of a PDF', () => {
  it('links a range and skips the numbered step in the same highlight', async () => {
    const body = { text: ['(1) We start from prior work [2-3] here.'], annots: [highlightAnnot([70, 714, 400, 730], '/C [1 1 0]')] }
    const references = {
      text: ['References', '[1] A. Gal, "Trace trees," Tech. Rep., 2006.', '[2] M. Chang, "Tracing for web 3.0," in Proc. VEE, 2009.', '[3] L. Lamport, "Paxos made simple," 2001.'],
    }
    const extraction = await extractFromBytes(buildPdf([body, references]), { style: 'ieee' })
    expect(extraction.annotations[0].citations.map((c) => [c.text, c.referenceIndex])).toEqual([
      ['[2]', 1],
      ['[3]', 2],
    ])
  })
})

describe('alphabetic keys', () => {
  it('links "[GHL06, Lam98]" to the entries with those keys', () => {
    const keyed = [ref(0, { label: 'GHL06', raw: 'S. Ghemawat. GFS. 2003.' }), ref(1, { label: 'Lam98', raw: 'L. Lamport. Paxos. 1998.' })]
    expect(linked('as in GFS [GHL06, Lam98] and [XYZ99].', keyed)).toEqual([0, 1])
  })
})
