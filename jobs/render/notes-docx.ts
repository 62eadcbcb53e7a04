import { BorderStyle, Document, ExternalHyperlink, HeadingLevel, Packer, Paragraph, ShadingType, TextRun } from 'docx'
import { groupNotes, pageLabel, type CategoryGroup, type NotesInput } from './model.ts'
import { shownCategory, type NotesLabels } from './labels.ts'

const HEX = /^#?([0-9a-f]{6})$/i

/** `#5fb236` → `5FB236` (Word's spelling), or null for anything that is not a colour. */
function wordColor(hex: string | null | undefined): string | null {
  const match = hex ? HEX.exec(hex) : null
  return match ? match[1].toUpperCase() : null
}

/**
 * The colour mixed with white: highlighter colours at full strength make black text hard to read,
 * so passages are shaded in a pale version of their colour.
 */
export function lighten(color: string, share = 0.6): string {
  const channels = [0, 2, 4].map((i) => parseInt(color.slice(i, i + 2), 16))
  return channels
    .map((c) => Math.round(c + (255 - c) * share).toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()
}

/** A category's colour in this document: the colour most of its highlights have. */
function groupColor(group: CategoryGroup): string | null {
  const counts = new Map<string, number>()
  for (const item of group.items) {
    const color = wordColor(item.color)
    if (color) counts.set(color, (counts.get(color) ?? 0) + 1)
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null
}

/** A category heading marked with its highlight colour: a thick left border and a pale shading. */
function categoryHeading(text: string, color: string | null) {
  return new Paragraph({
    heading: HeadingLevel.HEADING_1,
    children: [new TextRun(text)],
    ...(color
      ? {
          border: { left: { style: BorderStyle.SINGLE, size: 36, color, space: 8 } },
          shading: { type: ShadingType.CLEAR, color: 'auto', fill: lighten(color, 0.8) },
        }
      : {}),
  })
}

/** The highlighted words, shaded like the highlighter left them (paler). */
function passage(text: string, color: string | null) {
  return new TextRun({ text, ...(color ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: lighten(color) } } : {}) })
}

function link(text: string, url: string) {
  return new ExternalHyperlink({ link: url, children: [new TextRun({ text, style: 'Hyperlink' })] })
}

/**
 * Word notes: the same content as notes.txt, titled with the paper's title, with a heading per
 * category in its highlight colour, each passage shaded in its own colour, and live links.
 */
export async function renderNotesDocx(input: NotesInput, labels: NotesLabels): Promise<Buffer> {
  const { groups, standaloneComments } = groupNotes(input)
  const children: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(input.title)] }),
    new Paragraph({ children: [new TextRun({ text: input.citation || input.title, italics: true })] }),
  ]
  for (const group of groups) {
    children.push(categoryHeading(shownCategory(labels, group.name), groupColor(group)))
    for (const item of group.items) {
      children.push(
        new Paragraph({
          spacing: { before: 160 },
          children: [new TextRun({ text: `${labels.page} ${pageLabel(item)}: `, bold: true }), passage(`“${item.text}”`, wordColor(item.color))],
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
