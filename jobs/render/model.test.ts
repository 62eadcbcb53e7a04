import { describe, expect, it } from 'vitest'
import type { Reference } from '../pdf/types.ts'
import { groupNotes, resolveReference, type NoteAnnotation, type NotesInput } from './model.ts'
import { NOTES_LABELS } from './labels.ts'
import { renderNotesText } from './notes-txt.ts'

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
