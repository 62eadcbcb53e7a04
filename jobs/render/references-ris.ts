import { bibliographyItems, itemYear, type CslItem, type OutputDocument } from './paper.ts'

const RIS_TYPES: Record<string, string> = {
  'article-journal': 'JOUR',
  'paper-conference': 'CPAPER',
  article: 'GEN',
}

function line(tag: string, value: string): string {
  return `${tag}  - ${value.replace(/\s+/g, ' ').trim()}`
}

export function risRecord(item: CslItem): string {
  const lines = [line('TY', RIS_TYPES[item.type] ?? 'GEN')]
  for (const person of item.author ?? []) lines.push(line('AU', person.given ? `${person.family}, ${person.given}` : person.family))
  if (item.title) lines.push(line('TI', item.title))
  if (item['container-title']) lines.push(line('T2', item['container-title']))
  const year = itemYear(item)
  if (year) lines.push(line('PY', year))
  if (item.volume) lines.push(line('VL', item.volume))
  if (item.issue) lines.push(line('IS', item.issue))
  if (item.page) {
    const [start, end] = item.page.split(/\s*[-–—]+\s*/)
    lines.push(line('SP', start))
    if (end) lines.push(line('EP', end))
  }
  if (item.publisher) lines.push(line('PB', item.publisher))
  if (item.DOI) lines.push(line('DO', item.DOI))
  if (item.URL) lines.push(line('UR', item.URL))
  if (item.arxivId) lines.push(line('M1', `arXiv:${item.arxivId}`))
  lines.push(line('ID', item.id), 'ER  - ')
  return lines.join('\r\n')
}

/** references.ris: the same records as references.bib, for Zotero, Mendeley and EndNote. */
export function renderReferencesRis(document: OutputDocument): string {
  return `${bibliographyItems(document).map(risRecord).join('\r\n\r\n')}\r\n`
}
