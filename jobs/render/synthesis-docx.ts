import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx'
import { shownCategory } from './labels.ts'
import type { OutputLabels } from './output-labels.ts'
import type { OutputDocument } from './paper.ts'
import { entryCitation, synthesize } from './synthesis.ts'

/** synthesis.docx: the same content as synthesis.md, as Word headings and quotes. */
export async function renderSynthesisDocx(documents: OutputDocument[], labels: OutputLabels, title: string): Promise<Buffer> {
  const children: Paragraph[] = [new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(title)] })]
  for (const category of synthesize(documents, labels)) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(shownCategory(labels, category.name))] }))
    for (const entry of category.entries) {
      children.push(
        new Paragraph({
          spacing: { before: 160 },
          children: [new TextRun(`“${entry.annotation.text}” `), new TextRun({ text: entryCitation(entry, labels), bold: true })],
        }),
      )
      if (entry.annotation.comment) {
        children.push(
          new Paragraph({
            indent: { left: 360 },
            children: [new TextRun({ text: `${labels.comment}: `, bold: true }), new TextRun({ text: entry.annotation.comment, italics: true })],
          }),
        )
      }
    }
  }
  children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(labels.papers)] }))
  for (const document of documents) children.push(new Paragraph({ children: [new TextRun(document.citation || document.title)] }))
  return Packer.toBuffer(new Document({ creator: 'Marginalia', title, sections: [{ children }] }))
}
