import { shownCategory, type NotesLabels } from './labels.ts'
import { groupNotes, pageLabel, type NotesInput } from './model.ts'

/** Plain-text notes: the paper's citation, highlights by category, then standalone comments. */
export function renderNotesText(input: NotesInput, labels: NotesLabels): string {
  const { groups, standaloneComments } = groupNotes(input)
  const lines: string[] = [input.citation || input.title, '']
  for (const group of groups) {
    const name = shownCategory(labels, group.name)
    lines.push(name.toUpperCase(), '='.repeat(name.length), '')
    for (const item of group.items) {
      lines.push(`[${labels.page} ${pageLabel(item)}] “${item.text}”`)
      if (item.comment) lines.push(`    ${labels.comment}: ${item.comment.replace(/\n/g, '\n    ')}`)
      for (const citation of item.citations) {
        lines.push(`    ${labels.cites}: ${citation.text}${citation.url ? ` <${citation.url}>` : ''}`)
      }
      lines.push('')
    }
  }
  if (standaloneComments.length > 0) {
    lines.push(labels.comments.toUpperCase(), '='.repeat(labels.comments.length), '')
    for (const item of standaloneComments) lines.push(`[${labels.page} ${pageLabel(item)}] ${item.comment}`, '')
  }
  return `${lines.join('\n').trimEnd()}\n`
}
