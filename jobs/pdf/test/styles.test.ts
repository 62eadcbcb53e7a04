/** The six styles for a paper whose record is known (Gal et al., PLDI 2009, in SIGPLAN Notices). */
import { describe, expect, it } from 'vitest'
import { formatCitation } from '../styles.ts'
import type { PaperMetadata } from '../types.ts'

const traceMonkey: PaperMetadata = {
  title: 'Trace-based just-in-time type specialization for dynamic languages',
  authors: [
    { family: 'Gal', given: 'Andreas' },
    { family: 'Eich', given: 'Brendan' },
    { family: 'Shaver', given: 'Mike' },
  ],
  year: 2009,
  journal: 'ACM SIGPLAN Notices',
  volume: '44',
  issue: '6',
  pages: '465–478',
  doi: '10.1145/1543135.1542528',
  url: null,
  arxivId: null,
}

describe('citation styles', () => {
  it('APA 7', () => {
    expect(formatCitation(traceMonkey, 'apa')).toBe(
      'Gal, A., Eich, B., & Shaver, M. (2009). Trace-based just-in-time type specialization for dynamic languages. ACM SIGPLAN Notices, 44(6), 465–478. https://doi.org/10.1145/1543135.1542528',
    )
  })

  it('MLA 9', () => {
    expect(formatCitation(traceMonkey, 'mla')).toBe(
      'Gal, Andreas, et al. “Trace-Based Just-in-Time Type Specialization for Dynamic Languages.” ACM SIGPLAN Notices, vol. 44, no. 6, 2009, pp. 465–78, https://doi.org/10.1145/1543135.1542528.',
    )
  })

  it('Chicago author-date', () => {
    expect(formatCitation(traceMonkey, 'chicago')).toBe(
      'Gal, Andreas, Brendan Eich, and Mike Shaver. 2009. “Trace-Based Just-in-Time Type Specialization for Dynamic Languages.” ACM SIGPLAN Notices 44 (6): 465–78. https://doi.org/10.1145/1543135.1542528.',
    )
  })

  it('Harvard', () => {
    expect(formatCitation(traceMonkey, 'harvard')).toBe(
      'Gal, A., Eich, B. and Shaver, M. (2009) “Trace-based just-in-time type specialization for dynamic languages,” ACM SIGPLAN Notices, 44(6), pp. 465–478. Available at: https://doi.org/10.1145/1543135.1542528.',
    )
  })

  it('IEEE', () => {
    expect(formatCitation(traceMonkey, 'ieee')).toBe(
      'A. Gal, B. Eich, and M. Shaver, “Trace-based just-in-time type specialization for dynamic languages,” ACM SIGPLAN Notices, vol. 44, no. 6, pp. 465–478, 2009, doi: 10.1145/1543135.1542528.',
    )
  })

  it('Vancouver', () => {
    expect(formatCitation(traceMonkey, 'vancouver')).toBe(
      'Gal A, Eich B, Shaver M. Trace-based just-in-time type specialization for dynamic languages. ACM SIGPLAN Notices. 2009;44(6):465–78. doi:10.1145/1543135.1542528',
    )
  })

  it('an arXiv preprint in APA', () => {
    expect(
      formatCitation({ ...traceMonkey, journal: null, volume: null, issue: null, pages: null, doi: null, arxivId: '2108.11480', url: 'https://arxiv.org/abs/2108.11480' }, 'apa'),
    ).toBe('Gal, A., Eich, B., & Shaver, M. (2009). Trace-based just-in-time type specialization for dynamic languages (arXiv:2108.11480). arXiv. https://arxiv.org/abs/2108.11480')
  })

  it('nothing to cite gives an empty string', () => {
    expect(formatCitation({ ...traceMonkey, title: null, authors: [] }, 'apa')).toBe('')
  })
})
