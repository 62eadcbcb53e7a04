/** A highlight citing the paper's own reference list, through the whole engine. */
import { describe, expect, it } from 'vitest'
import { extractFromBytes } from '../extract.ts'
import { buildPdf, highlightAnnot } from './make-pdf.ts'

describe('citations inside highlights', () => {
  it('splits a numeric group and links each part to its entry', async () => {
    const body = { text: ['Earlier systems [1, 2] traced loops.'], annots: [highlightAnnot([70, 714, 300, 730], '/C [1 1 0]')] }
    const references = {
      text: [
        'References',
        '[1] A. Gal and M. Franz, "Incremental dynamic code generation with trace trees," Tech. Rep., 2006.',
        '[2] M. Chang et al., "Tracing for web 3.0," in Proc. VEE, 2009. doi:10.1145/1508293.1508304',
      ],
    }
    const extraction = await extractFromBytes(buildPdf([body, references]), { style: 'ieee' })
    expect(extraction.references.map((r) => r.label)).toEqual(['1', '2'])
    expect(extraction.annotations[0].text).toBe('Earlier systems [1, 2] traced loops.')
    expect(extraction.annotations[0].citations).toEqual([
      { text: '[1]', referenceIndex: 0, confidence: 0.95, url: 'https://scholar.google.com/scholar?q=Incremental%20dynamic%20code%20generation%20with%20trace%20trees' },
      { text: '[2]', referenceIndex: 1, confidence: 0.95, url: 'https://doi.org/10.1145/1508293.1508304' },
    ])
  })
})
