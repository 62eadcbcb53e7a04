import { escapeMarkdown } from './notes-md.ts'
import { shownCategory } from './labels.ts'
import type { OutputLabels } from './output-labels.ts'
import type { OutputDocument } from './paper.ts'
import { entryCitation, synthesize } from './synthesis.ts'

/** synthesis.md: one heading per category, each highlight of every paper as a quote with its short citation and page. */
export function renderSynthesisMarkdown(documents: OutputDocument[], labels: OutputLabels, title: string): string {
  const lines = [`# ${escapeMarkdown(title)}`, '']
  for (const category of synthesize(documents, labels)) {
    lines.push(`## ${escapeMarkdown(shownCategory(labels, category.name))}`, '')
    for (const entry of category.entries) {
      const text = (entry.annotation.text ?? '').replace(/\s*\r?\n\s*/g, ' ')
      lines.push(`> ${escapeMarkdown(text)}`, '>', `> — ${escapeMarkdown(entryCitation(entry, labels))}`, '')
      if (entry.annotation.comment) lines.push(`**${escapeMarkdown(labels.comment)}:** ${escapeMarkdown(entry.annotation.comment).replace(/\r?\n/g, ' ')}`, '')
    }
  }
  lines.push(`## ${escapeMarkdown(labels.papers)}`, '')
  for (const document of documents) lines.push(`- ${escapeMarkdown(document.citation || document.title)}`)
  return `${lines.join('\n').trimEnd()}\n`
}
