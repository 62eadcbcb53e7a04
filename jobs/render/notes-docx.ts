import { Document, ExternalHyperlink, HeadingLevel, Packer, Paragraph, TextRun } from 'docx'
import { groupNotes, pageLabel, type NotesInput } from './model.ts'
import { shownCategory, type NotesLabels } from './labels.ts'

function link(text: string, url: string) {
  return new ExternalHyperlink({ link: url, children: [new TextRun({ text, style: 'Hyperlink' })] })
}

/** Word notes: the same content as notes.txt, with headings per category and live links. */
export async function renderNotesDocx(input: NotesInput, labels: NotesLabels): Promise<Buffer> {
  const { groups, standaloneComments } = groupNotes(input)
  const children: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(input.title)] }),
    new Paragraph({ children: [new TextRun({ text: input.citation || input.title, italics: true })] }),
  ]
  for (const group of groups) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(shownCategory(labels, group.name))] }))
    for (const item of group.items) {
      children.push(
        new Paragraph({
          spacing: { before: 160 },
          children: [new TextRun({ text: `${labels.page} ${pageLabel(item)}: `, bold: true }), new TextRun(`“${item.text}”`)],
        }),
      )
      if (item.comment) {
        children.push(
          new Paragraph({
            indent: { left: 360 },
            children: [new TextRun({ text: `${labels.comment}: `, bold: true }), new TextRun({ text: item.comment, italics: true })],
          }),
        )
      }
      for (const citation of item.citations) {
        children.push(
          new Paragraph({
            indent: { left: 360 },
            children: [
              new TextRun({ text: `${labels.cites}: `, bold: true }),
              citation.url ? link(citation.text, citation.url) : new TextRun(citation.text),
            ],
          }),
        )
      }
    }
  }
  if (standaloneComments.length > 0) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(labels.comments)] }))
    for (const item of standaloneComments) {
      children.push(
        new Paragraph({
          children: [new TextRun({ text: `${labels.page} ${pageLabel(item)}: `, bold: true }), new TextRun(item.comment ?? '')],
        }),
      )
    }
  }
  return Packer.toBuffer(new Document({ creator: 'Marginalia', title: input.title, sections: [{ children }] }))
}
