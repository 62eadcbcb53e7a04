import { describe, expect, it } from 'vitest'
import type { Reference } from '../pdf/types.ts'
import { formatReference, groupNotes, resolveReference, uniqueReferences, type NoteAnnotation, type NotesInput } from './model.ts'
import { NOTES_LABELS } from './labels.ts'
import { renderNotesText } from './notes-txt.ts'
import { outputLabels } from './output-labels.ts'

const reference = (index: number, overrides: Partial<Reference>): Reference => ({
  index,
  label: null,
  raw: '',
  authors: [],
  year: null,
  title: null,
  container: null,
  doi: null,
  url: null,
  arxivId: null,
  ...overrides,
})

const note = (overrides: Partial<NoteAnnotation>): NoteAnnotation => ({
  id: '1',
  type: 'highlight',
  page: 1,
  pageLabel: null,
  text: 'text',
  comment: null,
  categoryName: 'Key finding',
  categoryOrder: 1,
  citations: [],
  ...overrides,
})

const references = [
  reference(0, { raw: 'Smith, J. (2020). Learning from margins. Journal of Notes, 3, 1-10. doi:10.1000/xyz', authors: ['Smith, J.'], year: 2020, title: 'Learning from margins', container: 'Journal of Notes', doi: '10.1000/xyz' }),
  reference(1, { raw: 'Lee, K., & Kim, S. (2019). Colour as meaning. Proceedings of CHI.', authors: ['Lee, K.', 'Kim, S.'], year: 2019, title: 'Colour as meaning', container: 'Proceedings of CHI' }),
]

describe('groupNotes', () => {
  it('groups highlights by category in category order and keeps standalone comments apart', () => {
    const input: NotesInput = {
      title: 'paper',
      citation: 'Doe (2024)',
      style: 'apa',
      references: [],
      annotations: [
        note({ id: 'a', text: 'method text', categoryName: 'Method', categoryOrder: 2, page: 3 }),
        note({ id: 'b', text: 'finding', categoryName: 'Key finding', categoryOrder: 1, page: 5 }),
        note({ id: 'c', type: 'note', text: null, comment: 'a sticky note', categoryName: null, categoryOrder: null, page: 2 }),
      ],
    }
    const { groups, standaloneComments } = groupNotes(input)
    expect(groups.map((g) => [g.name, g.items.map((i) => i.id)])).toEqual([
      ['Key finding', ['b']],
      ['Method', ['a']],
    ])
    expect(standaloneComments.map((c) => c.id)).toEqual(['c'])
    const text = renderNotesText(input, NOTES_LABELS)
    expect(text.indexOf('KEY FINDING')).toBeLessThan(text.indexOf('METHOD'))
    expect(text).toContain('[p. 5] “finding”')
    expect(text).toContain('[p. 2] a sticky note')
  })
})

describe('resolveReference', () => {
  it('turns several citations in one highlight into a split reference with a child each', () => {
    const resolved = resolveReference(
      note({
        text: 'as shown before (Smith, 2020; Lee & Kim, 2019)',
        citations: [
          { text: 'Smith, 2020', referenceIndex: 0, confidence: 0.9, url: 'https://doi.org/10.1000/xyz' },
          { text: 'Lee & Kim, 2019', referenceIndex: 1, confidence: 0.9, url: null },
        ],
      }),
      references,
      'apa',
    )
    expect(resolved.children).toHaveLength(2)
    expect(resolved.children[0].url).toBe('https://doi.org/10.1000/xyz')
    expect(resolved.children[0].text).toContain('Learning from margins')
  })

  it('finds the reference-list entry a highlight quotes, and otherwise links a scholarly search', () => {
    const quoted = resolveReference(note({ text: 'Smith, J. (2020). Learning from margins. Journal of Notes' }), references, 'apa')
    expect(quoted.url).toBe('https://doi.org/10.1000/xyz')
    const unknown = resolveReference(note({ text: 'An entirely different work about oceans' }), references, 'apa')
    expect(unknown.url).toMatch(/^https:\/\/scholar\.google\.com\/scholar\?q=An%20entirely/)
  })
})

describe('formatReference and duplicates', () => {
  const chapterEntry = reference(2, {
    raw: 'Jones, A. B. (2012). Title of chapter. In C. D. Smith & E. F. Brown (Eds.), Title of book (pp. 15–30). New York: Springer.',
    title: 'Title of chapter',
    container: 'Title of book',
    csl: {
      type: 'chapter',
      author: [{ family: 'Jones', given: 'A. B.' }],
      editor: [
        { family: 'Smith', given: 'C. D.' },
        { family: 'Brown', given: 'E. F.' },
      ],
      title: 'Title of chapter',
      'container-title': 'Title of book',
      page: '15-30',
      issued: { 'date-parts': [[2012]] },
      publisher: 'Springer',
      'publisher-place': 'New York',
    },
  })

  it('formats the engine’s CSL item, so a chapter prints as a chapter', () => {
    expect(formatReference(chapterEntry, 'apa')).toBe('Jones, A. B. (2012). Title of chapter. In C. D. Smith & E. F. Brown (Eds.), Title of book (pp. 15–30). Springer.')
    expect(formatReference(chapterEntry, 'vancouver')).toBe('Jones AB. Title of chapter. In: Smith CD, Brown EF, editors. Title of book. New York: Springer; 2012. p. 15–30.')
  })

  it('merges two citations of one work (or two entries with one DOI) into one child', () => {
    const twin = reference(3, { ...references[0], index: 3, raw: 'Smith J. Learning from margins. J Notes. 2020;3:1-10.' })
    const resolved = resolveReference(
      note({
        text: '(Smith, 2020; Smith, 2020a; Lee & Kim, 2019)',
        citations: [
          { text: 'Smith, 2020', referenceIndex: 0, confidence: 0.9, url: null },
          { text: 'Smith, 2020a', referenceIndex: 3, confidence: 0.9, url: null },
          { text: 'Lee & Kim, 2019', referenceIndex: 1, confidence: 0.9, url: null },
        ],
      }),
      [...references, chapterEntry, twin],
      'apa',
    )
    expect(resolved.children.map((c) => c.text.slice(0, 10))).toEqual(['Smith, J. ', 'Lee, K., &'])
    expect(uniqueReferences([...references, chapterEntry, twin])).toHaveLength(3)
  })
})

describe('category names in the notes', () => {
  it('prints built-in categories in the output language and user-made ones as they are', () => {
    const labels = outputLabels({ 'outputs.file.page': 'S.', 'category.builtin.keyFinding': 'Zentrale Erkenntnis', 'category.builtin.method': 'Methode' })
    expect(labels.categories).toEqual({ 'Key finding': 'Zentrale Erkenntnis', Method: 'Methode' })
    const input: NotesInput = {
      title: 'paper',
      citation: 'Doe (2024)',
      style: 'apa',
      references: [],
      annotations: [
        note({ id: 'a', text: 'finding', categoryName: 'Key finding', categoryOrder: 1, page: 5 }),
        note({ id: 'b', text: 'mine', categoryName: 'Eigene Sache', categoryOrder: 10, page: 6 }),
      ],
    }
    const text = renderNotesText(input, labels)
    expect(text).toContain('ZENTRALE ERKENNTNIS\n===================\n\n[S. 5] “finding”')
    expect(text).toContain('EIGENE SACHE\n')
    expect(text).not.toContain('KEY FINDING')
    // The grouping itself keeps the stored names (Reference logic compares them).
    expect(groupNotes(input).groups.map((g) => g.name)).toEqual(['Key finding', 'Eigene Sache'])
  })
})
