import JSZip from 'jszip'
import { describe, expect, it } from 'vitest'
import { NOTES_LABELS } from './labels.ts'
import { paperTitle, type NoteAnnotation, type NotesInput } from './model.ts'
import { lighten, renderNotesDocx } from './notes-docx.ts'

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
  color: null,
  ...overrides,
})

const input: NotesInput = {
  title: 'Learning from the margins of papers',
  citation: 'Smith, J. (2020). Learning from the margins of papers. Journal of Notes, 3, 1–10.',
  style: 'apa',
  references: [],
  annotations: [
    note({ id: '1', text: 'Margins hold the reader’s argument.', color: '#ffd400', categoryName: 'Key finding', categoryOrder: 1 }),
    note({ id: '2', text: 'A second yellow finding.', color: '#ffd400', categoryName: 'Key finding', categoryOrder: 1, page: 2 }),
    note({ id: '3', text: 'We interviewed 40 readers.', color: '#5fb236', categoryName: 'Method', categoryOrder: 2, page: 3 }),
  ],
}

async function documentXml(buffer: Buffer) {
  const zip = await JSZip.loadAsync(buffer)
  return {
    body: (await zip.file('word/document.xml')?.async('string')) ?? '',
    core: (await zip.file('docProps/core.xml')?.async('string')) ?? '',
  }
}

/** The XML of the paragraph holding a text (Word keeps each paragraph in one <w:p>). */
function paragraphWith(xml: string, text: string): string {
  return xml.split('</w:p>').find((p) => p.includes(text)) ?? ''
}

describe('renderNotesDocx', () => {
  it('is titled with the paper’s title, in the document and in its properties', async () => {
    const { body, core } = await documentXml(await renderNotesDocx(input, NOTES_LABELS))
    expect(paragraphWith(body, input.title)).toContain('w:val="Title"')
    expect(core).toContain(`<dc:title>${input.title}</dc:title>`)
  })

  it('marks each category heading with its highlight colour: a left border and a pale shading', async () => {
    const { body } = await documentXml(await renderNotesDocx(input, NOTES_LABELS))
    const keyFinding = paragraphWith(body, '>Key finding<')
    expect(keyFinding).toContain('w:val="Heading1"')
    expect(keyFinding).toMatch(/<w:left [^>]*w:color="FFD400"/)
    expect(keyFinding).toContain(`w:fill="${lighten('FFD400', 0.8)}"`)
    expect(paragraphWith(body, '>Method<')).toMatch(/<w:left [^>]*w:color="5FB236"/)
  })

  it('shades each passage in its own colour, lightened', async () => {
    const { body } = await documentXml(await renderNotesDocx(input, NOTES_LABELS))
    expect(paragraphWith(body, 'We interviewed 40 readers.')).toContain(`w:fill="${lighten('5FB236')}"`)
    expect(paragraphWith(body, 'Margins hold the reader’s argument.')).toContain(`w:fill="${lighten('FFD400')}"`)
  })

  it('leaves headings and passages without a colour unshaded', async () => {
    const plain = { ...input, annotations: [note({ text: 'No colour stored.', color: null })] }
    const { body } = await documentXml(await renderNotesDocx(plain, NOTES_LABELS))
    expect(paragraphWith(body, '>Key finding<')).not.toContain('<w:pBdr>')
    expect(paragraphWith(body, 'No colour stored.')).not.toContain('<w:shd')
  })
})

describe('lighten', () => {
  it('mixes a colour with white', () => {
    expect(lighten('000000', 0.5)).toBe('808080')
    expect(lighten('FFD400', 0)).toBe('FFD400')
    expect(lighten('5FB236', 1)).toBe('FFFFFF')
  })
})

describe('paperTitle', () => {
  it('is the title of the paper’s header record, else the file name without .pdf', () => {
    expect(paperTitle({ title: '  Learning from margins ' }, 'smith2020.pdf')).toBe('Learning from margins')
    expect(paperTitle({ title: '' }, 'smith2020.pdf')).toBe('smith2020')
    expect(paperTitle(null, 'Smith 2020.PDF')).toBe('Smith 2020')
  })
})
