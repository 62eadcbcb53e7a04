import { groupNotes, pageLabel } from './model.ts'
import { shownCategory } from './labels.ts'
import type { OutputLabels } from './output-labels.ts'
import { bibliographyItems, itemYear, slug, type OutputAnnotation, type OutputDocument } from './paper.ts'

/** A YAML scalar: JSON's double-quoted strings are valid YAML and escape everything that needs it. */
const yaml = (value: string) => JSON.stringify(value)

/** Text as CommonMark inline content: its punctuation cannot start markup. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]<>#|~!]/g, (c) => `\\${c}`)
    .replace(/^(\s*)([-+=])/, '$1\\$2')
    .replace(/^(\s*\d+)([.)])/, '$1\\$2')
}

function quote(text: string): string {
  return text
    .split(/\r?\n/)
    .map((l) => `> ${escapeMarkdown(l)}`.trimEnd())
    .join('\n')
}

function citedLinks(item: OutputAnnotation): string {
  return item.citations.map((c) => (c.url ? `[${escapeMarkdown(c.text)}](<${c.url.replace(/[<>\s]/g, encodeURIComponent)}>)` : escapeMarkdown(c.text))).join('; ')
}

/**
 * notes.md: YAML front matter (title, authors, year, container, DOI, URL, citation key, categories,
 * tags), the citation, then one heading per category with its highlights as block quotes (page,
 * comment, cited works as links), colour and category as Obsidian tags. Valid CommonMark.
 */
export function renderNotesMarkdown(document: OutputDocument, labels: OutputLabels): string {
  const paper = bibliographyItems(document)[0]
  const { groups, standaloneComments } = groupNotes(document)
  // Tags keep the stored name (the same tag in every language); the reader sees the translated name.
  const categories = groups.map((g) => shownCategory(labels, g.name))
  const tags = ['marginalia', ...groups.map((g) => `category/${slug(g.name)}`)]
  const front = ['---', `title: ${yaml(paper.title ?? document.title)}`]
  front.push('authors:', ...(paper.author ?? []).map((a) => `  - ${yaml(a.given ? `${a.family}, ${a.given}` : a.family)}`))
  if ((paper.author ?? []).length === 0) front[front.length - 1] = 'authors: []'
  const year = itemYear(paper)
  front.push(`year: ${year ?? 'null'}`)
  front.push(`container: ${paper['container-title'] ? yaml(paper['container-title']) : 'null'}`)
  front.push(`doi: ${paper.DOI ? yaml(paper.DOI) : 'null'}`)
  front.push(`url: ${paper.URL ? yaml(paper.URL) : 'null'}`)
  front.push(`citekey: ${yaml(paper.id)}`)
  front.push(categories.length ? 'categories:' : 'categories: []', ...categories.map((c) => `  - ${yaml(c)}`))
  front.push('tags:', ...tags.map((t) => `  - ${yaml(t)}`), '---', '')

  const body: string[] = [`# ${escapeMarkdown(paper.title ?? document.title)}`, '', escapeMarkdown(document.citation || document.title), '']
  for (const group of groups) {
    body.push(`## ${escapeMarkdown(shownCategory(labels, group.name))}`, '')
    for (const item of group.items as OutputAnnotation[]) {
      body.push(quote(item.text ?? ''), '>')
      const colour = item.color ? ` #colour/${item.color.replace('#', '')}` : ''
      body.push(`> — ${escapeMarkdown(`${labels.page} ${pageLabel(item)}`)} #category/${slug(group.name)}${colour}`, '')
      if (item.comment) body.push(`**${escapeMarkdown(labels.comment)}:** ${escapeMarkdown(item.comment).replace(/\r?\n/g, ' ')}`, '')
      if (item.citations.length) body.push(`**${escapeMarkdown(labels.cites)}:** ${citedLinks(item)}`, '')
    }
  }
  if (standaloneComments.length > 0) {
    body.push(`## ${escapeMarkdown(labels.comments)}`, '')
    for (const item of standaloneComments) {
      body.push(`- ${escapeMarkdown(`${labels.page} ${pageLabel(item)}`)}: ${escapeMarkdown(item.comment ?? '').replace(/\r?\n/g, ' ')}`)
    }
    body.push('')
  }
  return `${[...front, ...body].join('\n').trimEnd()}\n`
}
