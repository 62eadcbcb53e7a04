/**
 * Entries formatted from CSL-JSON items (the reference parser's `csl`), with hand-written
 * expectations for the common cases in each style: the work type decides the layout (a chapter,
 * a book and a thesis are not journal articles), both of two authors are named, names are in the
 * style's own order, volume/issue/pages are kept, and a DOI is printed once.
 */
import { describe, expect, it } from 'vitest'
import { formatInText, formatItem } from '../styles.ts'

const article = {
  type: 'article-journal',
  author: [
    { family: 'Smith', given: 'John' },
    { family: 'Jones', given: 'Kate' },
  ],
  title: 'Graph methods for reading',
  'container-title': 'Journal of Reading',
  volume: '3',
  issue: '2',
  page: '1-9',
  issued: { 'date-parts': [[2019]] },
  DOI: '10.1000/abc',
}

const chapter = {
  type: 'chapter',
  author: [{ family: 'Jones', given: 'Alice B.' }],
  editor: [
    { family: 'Smith', given: 'Carol D.' },
    { family: 'Brown', given: 'Edward F.' },
  ],
  title: 'Title of chapter',
  'container-title': 'Title of book',
  page: '15-30',
  issued: { 'date-parts': [[2012]] },
  publisher: 'Springer',
  'publisher-place': 'New York',
}

const thesis = { type: 'thesis', author: [{ family: 'Doe', given: 'Jane' }], title: 'Learning to read', genre: 'PhD thesis', publisher: 'University of Somewhere', issued: { 'date-parts': [[2015]] } }

describe('a two-author journal article in each style', () => {
  it.each([
    ['apa', 'Smith, J., & Jones, K. (2019). Graph methods for reading. Journal of Reading, 3(2), 1–9. https://doi.org/10.1000/abc', '(Smith & Jones, 2019)'],
    ['mla', 'Smith, John, and Kate Jones. “Graph Methods for Reading.” Journal of Reading, vol. 3, no. 2, 2019, pp. 1–9, https://doi.org/10.1000/abc.', '(Smith and Jones)'],
    ['chicago', 'Smith, John, and Kate Jones. 2019. “Graph Methods for Reading.” Journal of Reading 3 (2): 1–9. https://doi.org/10.1000/abc.', '(Smith and Jones 2019)'],
    ['harvard', 'Smith, J. and Jones, K. (2019) “Graph methods for reading,” Journal of Reading, 3(2), pp. 1–9. Available at: https://doi.org/10.1000/abc.', '(Smith and Jones, 2019)'],
    ['ieee', 'J. Smith and K. Jones, “Graph methods for reading,” Journal of Reading, vol. 3, no. 2, pp. 1–9, 2019, doi: 10.1000/abc.', '[1]'],
    ['vancouver', 'Smith J, Jones K. Graph methods for reading. Journal of Reading. 2019;3(2):1–9. doi:10.1000/abc', '(1)'],
  ] as const)('%s', (style, entry, inText) => {
    expect(formatItem(article, style)).toBe(entry)
    expect(formatInText(article, style)).toBe(inText)
  })

  it('prints a DOI once when the URL is the DOI’s own link, or the DOI is given as a link', () => {
    for (const style of ['apa', 'mla', 'chicago', 'harvard', 'ieee', 'vancouver'] as const) {
      const once = formatItem({ ...article, URL: 'https://doi.org/10.1000/ABC' }, style)
      expect(once.match(/10\.1000\/abc/gi)).toHaveLength(1)
      expect(formatItem({ ...article, DOI: 'https://doi.org/10.1000/abc' }, style)).toBe(formatItem(article, style))
    }
  })
})

describe('work types keep their own layout', () => {
  it.each([
    ['apa', 'Jones, A. B. (2012). Title of chapter. In C. D. Smith & E. F. Brown (Eds.), Title of book (pp. 15–30). Springer.'],
    ['mla', 'Jones, Alice B. “Title of Chapter.” Title of Book, edited by Carol D. Smith and Edward F. Brown, Springer, 2012, pp. 15–30.'],
    // CMOS 18 (official file): no page range for a chapter, and the publisher without its place.
    ['chicago', 'Jones, Alice B. 2012. “Title of Chapter.” In Title of Book, edited by Carol D. Smith and Edward F. Brown. Springer.'],
    ['harvard', 'Jones, A.B. (2012) “Title of chapter,” in C.D. Smith and E.F. Brown (eds.) Title of book. New York: Springer, pp. 15–30.'],
    ['ieee', 'A. B. Jones, “Title of chapter,” in Title of book, C. D. Smith and E. F. Brown, Eds. New York: Springer, 2012, pp. 15–30.'],
    ['vancouver', 'Jones AB. Title of chapter. In: Smith CD, Brown EF, editors. Title of book. New York: Springer; 2012. p. 15–30.'],
  ] as const)('a chapter in %s', (style, entry) => {
    expect(formatItem(chapter, style)).toBe(entry)
  })

  it.each([
    ['chicago', 'Doe, Jane. 2015. “Learning to Read.” PhD thesis, University of Somewhere.'],
    ['harvard', 'Doe, J. (2015) Learning to read. PhD thesis. University of Somewhere.'],
    ['ieee', 'J. Doe, “Learning to read,” PhD thesis, University of Somewhere, 2015.'],
    ['vancouver', 'Doe J. Learning to read [PhD thesis]. University of Somewhere; 2015.'],
  ] as const)('a thesis in %s', (style, entry) => {
    expect(formatItem(thesis, style)).toBe(entry)
  })

  it('a book is not a journal article', () => {
    const book = { type: 'book', author: [{ family: 'Kernighan', given: 'Brian W.' }, { family: 'Ritchie', given: 'Dennis M.' }], title: 'The C programming language', issued: { 'date-parts': [[1988]] }, publisher: 'Prentice Hall', edition: '2' }
    expect(formatItem(book, 'vancouver')).toBe('Kernighan BW, Ritchie DM. The C programming language. 2nd ed. Prentice Hall; 1988.')
    expect(formatItem(book, 'mla')).toBe('Kernighan, Brian W., and Dennis M. Ritchie. The C Programming Language. 2nd ed., Prentice Hall, 1988.')
  })

  it('particles stay with the family name where the style puts them', () => {
    const item = { ...article, author: [{ family: 'de Vries', given: 'Pieter' }] }
    expect(formatItem(item, 'apa')).toMatch(/^de Vries, P\. \(2019\)/)
    expect(formatItem(item, 'ieee')).toMatch(/^P\. de Vries, “/)
    expect(formatItem(item, 'vancouver')).toMatch(/^de Vries P\. /)
  })

  it('nothing to cite gives an empty string', () => {
    expect(formatItem({ type: 'article-journal' }, 'apa')).toBe('')
  })
})

const year = (y: number) => ({ 'date-parts': [[y]] })

describe('APA 7 (reduced file) on the cases it used to get wrong', () => {
  it.each([
    ['a thesis: the description in brackets, the university after it', thesis, 'Doe, J. (2015). Learning to read [PhD thesis]. University of Somewhere.'],
    [
      'a proceedings paper without editors is a serial',
      { type: 'paper-conference', author: [{ family: 'Vaswani', given: 'Ashish' }], title: 'Attention is all you need', 'container-title': 'Advances in Neural Information Processing Systems', volume: '30', page: '5998-6008', issued: year(2017) },
      'Vaswani, A. (2017). Attention is all you need. Advances in Neural Information Processing Systems, 30, 5998–6008.',
    ],
    [
      'a book with edition and volume',
      { type: 'book', author: [{ family: 'Knuth', given: 'Donald E.' }], title: 'The art of computer programming', volume: '1', edition: '3', publisher: 'Addison-Wesley', issued: year(1997) },
      'Knuth, D. E. (1997). The art of computer programming (3rd ed., Vol. 1). Addison-Wesley.',
    ],
    [
      'a book under its editors',
      { type: 'book', editor: [{ family: 'Smith', given: 'Carol D.' }, { family: 'Brown', given: 'Edward F.' }], title: 'Title of book', publisher: 'Springer', issued: year(2012) },
      'Smith, C. D., & Brown, E. F. (Eds.). (2012). Title of book. Springer.',
    ],
    [
      'a report with its description',
      { type: 'report', author: [{ family: 'Brown', given: 'Tom' }], title: 'Language models are few-shot learners', genre: 'Technical report', publisher: 'OpenAI', issued: year(2020) },
      'Brown, T. (2020). Language models are few-shot learners [Technical report]. OpenAI.',
    ],
    [
      'an undated web page',
      { type: 'webpage', author: [{ family: 'Fischer', given: 'Anna' }], title: 'A guide to PDF annotations', URL: 'https://example.org/pdf-guide' },
      'Fischer, A. (n.d.). A guide to PDF annotations. Retrieved https://example.org/pdf-guide',
    ],
  ] as const)('%s', (_name, item, entry) => {
    expect(formatItem(item, 'apa')).toBe(entry)
  })
})

const people = (n: number) =>
  [
    ['Smith', 'John'],
    ['Jones', 'Kate'],
    ['Lee', 'Hana'],
    ['Okafor', 'Chinedu'],
    ['Lindqvist', 'Maja'],
    ['Tanaka', 'Hiroshi'],
    ['Müller', 'Anna'],
  ]
    .slice(0, n)
    .map(([family, given]) => ({ family, given }))

describe('Chicago author-date 18 (reduced file, renders as the official 2025-03-01 file)', () => {
  it('names both of two authors, in the list and in the text', () => {
    expect(formatItem(article, 'chicago')).toBe('Smith, John, and Kate Jones. 2019. “Graph Methods for Reading.” Journal of Reading 3 (2): 1–9. https://doi.org/10.1000/abc.')
    expect(formatInText(article, 'chicago')).toBe('(Smith and Jones 2019)')
  })

  it('cites three or more authors as the first and "et al." in the text; lists up to six, more as the first three and "et al."', () => {
    const three = { ...article, author: people(3) }
    expect(formatItem(three, 'chicago')).toBe('Smith, John, Kate Jones, and Hana Lee. 2019. “Graph Methods for Reading.” Journal of Reading 3 (2): 1–9. https://doi.org/10.1000/abc.')
    expect(formatInText(three, 'chicago')).toBe('(Smith et al. 2019)')
    const seven = { ...article, author: people(7) }
    expect(formatItem(seven, 'chicago')).toBe('Smith, John, Kate Jones, Hana Lee, et al. 2019. “Graph Methods for Reading.” Journal of Reading 3 (2): 1–9. https://doi.org/10.1000/abc.')
    expect(formatInText(seven, 'chicago')).toBe('(Smith et al. 2019)')
  })

  it('a chapter: "In" the book, its editors, the publisher without place or pages', () => {
    expect(formatItem(chapter, 'chicago')).toBe('Jones, Alice B. 2012. “Title of Chapter.” In Title of Book, edited by Carol D. Smith and Edward F. Brown. Springer.')
    expect(formatInText(chapter, 'chicago')).toBe('(Jones 2012)')
  })

  it('a book: italic title, edition after it, the publisher without its place', () => {
    const book = {
      type: 'book',
      author: [
        { family: 'Kernighan', given: 'Brian W.' },
        { family: 'Ritchie', given: 'Dennis M.' },
      ],
      title: 'The C programming language',
      issued: year(1988),
      publisher: 'Prentice Hall',
      'publisher-place': 'Englewood Cliffs, NJ',
      edition: '2',
    }
    expect(formatItem(book, 'chicago')).toBe('Kernighan, Brian W., and Dennis M. Ritchie. 1988. The C Programming Language. 2nd ed. Prentice Hall.')
    expect(formatInText(book, 'chicago')).toBe('(Kernighan and Ritchie 1988)')
  })

  it('a conference paper: the proceedings volume before the pages, or the pages and the publisher', () => {
    const paper = {
      type: 'paper-conference',
      author: [
        { family: 'Vaswani', given: 'Ashish' },
        { family: 'Shazeer', given: 'Noam' },
        { family: 'Polosukhin', given: 'Illia' },
      ],
      title: 'Attention is all you need',
      'container-title': 'Advances in Neural Information Processing Systems',
      volume: '30',
      page: '5998-6008',
      issued: year(2017),
    }
    expect(formatItem(paper, 'chicago')).toBe('Vaswani, Ashish, Noam Shazeer, and Illia Polosukhin. 2017. “Attention Is All You Need.” In Advances in Neural Information Processing Systems, 30:5998–6008.')
    expect(formatInText(paper, 'chicago')).toBe('(Vaswani et al. 2017)')
    const published = {
      type: 'paper-conference',
      author: people(2),
      title: 'A corpus of annotated PDFs',
      'container-title': 'Proceedings of EMNLP 2022',
      page: '1120-1134',
      publisher: 'Association for Computational Linguistics',
      'publisher-place': 'Abu Dhabi',
      issued: year(2022),
      DOI: '10.18653/v1/x',
    }
    expect(formatItem(published, 'chicago')).toBe('Smith, John, and Kate Jones. 2022. “A Corpus of Annotated PDFs.” In Proceedings of EMNLP 2022, 1120–34. Association for Computational Linguistics. https://doi.org/10.18653/v1/x.')
  })

  it('a report, a preprint and an undated web page', () => {
    const report = { type: 'report', author: [{ family: 'Brown', given: 'Tom' }], title: 'Language models are few-shot learners', genre: 'Technical report', number: 'TR-1', publisher: 'OpenAI', issued: year(2020) }
    expect(formatItem(report, 'chicago')).toBe('Brown, Tom. 2020. “Language Models Are Few-Shot Learners.” Technical report TR-1. OpenAI.')
    const preprint = { type: 'article', author: people(2), title: 'Reading graphs', publisher: 'arXiv', number: 'arXiv:2108.11480', issued: year(2021), URL: 'https://arxiv.org/abs/2108.11480' }
    expect(formatItem(preprint, 'chicago')).toBe('Smith, John, and Kate Jones. 2021. “Reading Graphs.” Preprint, arXiv. https://arxiv.org/abs/2108.11480.')
    const page = { type: 'webpage', author: [{ family: 'Fischer', given: 'Anna' }], title: 'A guide to PDF annotations', URL: 'https://example.org/pdf-guide' }
    expect(formatItem(page, 'chicago')).toBe('Fischer, Anna. n.d. “A Guide to PDF Annotations.” https://example.org/pdf-guide.')
    expect(formatInText(page, 'chicago')).toBe('(Fischer, n.d.)')
  })
})
