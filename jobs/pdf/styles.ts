/**
 * The paper's citation in six styles, formatted by citeproc (citation-js's CSL engine).
 * Vancouver and Harvard come with @citation-js/plugin-csl; APA 7, MLA 9, Chicago author-date
 * and IEEE are CSL files from the Citation Style Language project under csl/ (CC BY-SA 3.0;
 * APA and Chicago reduced to the work types we cite, MLA adapted from the 8th edition style —
 * see the comment at the top of each file).
 */
import { readFileSync } from 'node:fs'
import { Cite, plugins } from '@citation-js/core'
import '@citation-js/plugin-csl'
import type { CitationStyle, PaperMetadata, Person } from './types.ts'

const CSL_FILES: Partial<Record<CitationStyle, string>> = {
  apa: 'apa.csl',
  mla: 'modern-language-association.csl',
  chicago: 'chicago-author-date.csl',
  ieee: 'ieee.csl',
}

/** Our style name → the template name registered with citation-js. */
const TEMPLATE: Record<CitationStyle, string> = {
  apa: 'marginalia-apa',
  mla: 'marginalia-mla',
  chicago: 'marginalia-chicago',
  harvard: 'harvard1',
  ieee: 'marginalia-ieee',
  vancouver: 'vancouver',
}

type Register = { has(name: string): boolean; add(name: string, value: string): void }

/** Registers the CSL file a style needs with citation-js, once. */
function ensureTemplate(style: CitationStyle): string {
  const name = TEMPLATE[style]
  const file = CSL_FILES[style]
  const styles = (plugins.config.get('@csl') as { styles: Register }).styles
  if (file && !styles.has(name)) styles.add(name, readFileSync(new URL(`./csl/${file}`, import.meta.url), 'utf8'))
  return name
}

type CslItem = Record<string, unknown>

function cslName(person: Person): { family: string; given?: string } {
  return person.given ? { family: person.family, given: person.given } : { family: person.family }
}

/** Metadata → one CSL-JSON item. A paper with a container but no volume is treated as a conference paper. */
export function toCslItem(metadata: Partial<PaperMetadata>, id = 'item'): CslItem {
  const item: CslItem = { id, type: 'article-journal' }
  if (metadata.title) item.title = metadata.title
  if (metadata.authors?.length) item.author = metadata.authors.map(cslName)
  if (metadata.year) item.issued = { 'date-parts': [[metadata.year]] }
  if (metadata.journal) item['container-title'] = metadata.journal
  if (metadata.volume) item.volume = metadata.volume
  if (metadata.issue) item.issue = metadata.issue
  if (metadata.pages) item.page = metadata.pages
  if (metadata.doi) item.DOI = metadata.doi
  if (metadata.url && !metadata.doi) item.URL = metadata.url
  if (metadata.journal && /proceedings|conference|symposium|workshop|\bconf\b/i.test(metadata.journal)) item.type = 'paper-conference'
  else if (!metadata.journal && metadata.arxivId) {
    item.type = 'article'
    item.publisher = 'arXiv'
    item.number = `arXiv:${metadata.arxivId}`
  } else if (!metadata.journal) item.type = 'article'
  return item
}

/** Plain-text citation of one work; an empty string when there is nothing to cite. */
export function formatCitation(metadata: Partial<PaperMetadata>, style: CitationStyle): string {
  if (!metadata.title && !metadata.authors?.length) return ''
  const template = ensureTemplate(style)
  const cite = new Cite([toCslItem(metadata)])
  const text = String(cite.format('bibliography', { format: 'text', template, lang: 'en-US' }))
  // A single entry does not need its list number ("1. " in Vancouver, "[1]" in IEEE).
  return text
    .replace(/^\s*(?:\[\d+\]|\d+\.)\s*/, '')
    .replace(/\s+/g, ' ')
    .trim()
}
