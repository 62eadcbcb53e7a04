import { bibliographyItems, itemYear, type CslItem, type CslName, type OutputDocument } from './paper.ts'

const BIB_TYPES: Record<string, string> = {
  'article-journal': 'article',
  'paper-conference': 'inproceedings',
  article: 'misc',
}

const SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
}

/** LaTeX's special characters escaped; other Unicode is kept (the file is UTF-8, as biber and Zotero read it). */
export function escapeBibtex(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\\{}&%$#_~^]/g, (c) => SPECIAL[c])
}

function name(person: CslName): string {
  // An organisation (no given name) or a name containing " and " is braced so that it stays one name.
  if (!person.given || / and /i.test(person.family)) return `{${escapeBibtex(person.family)}}`
  return `${escapeBibtex(person.family)}, ${escapeBibtex(person.given)}`
}

export function bibtexEntry(item: CslItem): string {
  const type = BIB_TYPES[item.type] ?? 'misc'
  const fields: [string, string][] = []
  if (item.author?.length) fields.push(['author', item.author.map(name).join(' and ')])
  if (item.title) fields.push(['title', escapeBibtex(item.title)])
  if (item['container-title']) fields.push([type === 'inproceedings' ? 'booktitle' : 'journal', escapeBibtex(item['container-title'])])
  const year = itemYear(item)
  if (year) fields.push(['year', year])
  if (item.volume) fields.push(['volume', escapeBibtex(item.volume)])
  if (item.issue) fields.push(['number', escapeBibtex(item.issue)])
  if (item.page) fields.push(['pages', escapeBibtex(item.page.replace(/\s*[-–—]+\s*/, '--'))])
  if (item.arxivId) fields.push(['eprint', escapeBibtex(item.arxivId)], ['archiveprefix', 'arXiv'])
  if (item.publisher && type === 'misc') fields.push(['howpublished', escapeBibtex(item.publisher)])
  if (item.DOI) fields.push(['doi', item.DOI.replace(/[{}\s]/g, '')])
  if (item.URL) fields.push(['url', item.URL.replace(/[{}\s]/g, '').replace(/([%#])/g, '\\$1')])
  return `@${type}{${item.id},\n${fields.map(([k, v]) => `  ${k} = {${v}}`).join(',\n')}\n}\n`
}

/** references.bib: the paper itself, then every work the user highlighted as a Reference. */
export function renderReferencesBib(document: OutputDocument): string {
  return bibliographyItems(document).map(bibtexEntry).join('\n')
}
