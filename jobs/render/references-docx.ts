import { Document, ExternalHyperlink, HeadingLevel, Packer, Paragraph, TextRun } from 'docx'
import type { ResolvedReference } from './model.ts'

function entry(text: string, url: string | null, level: number): Paragraph {
  return new Paragraph({
    bullet: { level },
    children: [
      new TextRun(text),
      ...(url ? [new TextRun(' '), new ExternalHyperlink({ link: url, children: [new TextRun({ text: url, style: 'Hyperlink' })] })] : []),
    ],
  })
}

/** Every highlight categorized as Reference, each work in the chosen style with its link. */
export async function renderReferencesDocx(title: string, heading: string, references: ResolvedReference[]): Promise<Buffer> {
  const children: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(heading)] }),
    new Paragraph({ children: [new TextRun({ text: title, italics: true })] }),
  ]
  for (const reference of references) {
    children.push(entry(reference.text, reference.children.length > 0 ? null : reference.url, 0))
    for (const child of reference.children) children.push(entry(child.text, child.url, 1))
  }
  return Packer.toBuffer(new Document({ creator: 'Marginalia', title: heading, sections: [{ children }] }))
}
