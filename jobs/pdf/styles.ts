/**
 * Works formatted in six styles by citeproc (citation-js's CSL engine), from CSL-JSON items.
 *
 * Style files (CSL 1.0, Citation Style Language project, CC BY-SA 3.0; see csl/README.md):
 * Harvard (Cite Them Right) and Vancouver (NLM citation-sequence) are the official files bundled
 * with @citation-js/plugin-csl, used as they are. APA 7 is a reduced copy of the official file
 * bundled there (the full one costs ~220 MB and 3 s per process to compile), checked to render the
 * formatting fixtures exactly as the official file does (`npm run eval:biblio`, formatting).
 * MLA, Chicago author-date and IEEE are CSL files under csl/; Chicago is reduced from the official
 * file's macros and renders the fixtures as it does (formatting eval with --official DIR).
 */
import { readFileSync } from 'node:fs'
import { Cite, plugins } from '@citation-js/core'
import '@citation-js/plugin-csl'
import type { CitationStyle, CslItem, PaperMetadata, Person } from './types.ts'

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

function styleRegister(): Register {
  return (plugins.config.get('@csl') as { styles: Register }).styles
}

/** Registers a CSL style (XML text) with citation-js under a name, once. */
export function registerStyle(name: string, xml: string): string {
  const styles = styleRegister()
  if (!styles.has(name)) styles.add(name, xml)
  return name
}

/** Registers the CSL file a style needs with citation-js, once; returns the template name. */
export function templateOf(style: CitationStyle): string {
  const name = TEMPLATE[style]
  const file = CSL_FILES[style]
  if (file && !styleRegister().has(name)) registerStyle(name, readFileSync(new URL(`./csl/${file}`, import.meta.url), 'utf8'))
  return name
}

/** What a style entry is formatted from: any CSL-JSON item (the reference parser's, or a fixture's). */
export type CslInput = CslItem | Record<string, unknown>

function cslName(person: Person): { family: string; given?: string } {
  return person.given ? { family: person.family, given: person.given } : { family: person.family }
}

/**
 * The paper's own record → one CSL-JSON item. The record has no work type, so it is guessed: a
 * container named like proceedings is a conference paper, an arXiv id without a container a
 * preprint, any other container a journal.
 */
export function toCslItem(metadata: Partial<PaperMetadata>, id = 'item'): CslItem & { id: string } {
  const item: CslItem & { id: string } = { id, type: 'article-journal' }
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

const DOI_URL = /^https?:\/\/(?:dx\.)?doi\.org\/(.+)$/i

/** The DOI without its resolver ("https://doi.org/10.1/x" → "10.1/x"), lower-cased for comparison. */
export function bareDoi(doi: string): string {
  let value = doi.trim()
  const url = DOI_URL.exec(value)
  if (url) value = decodeURIComponent(url[1])
  return value.replace(/^doi\s*:\s*/i, '').toLowerCase()
}

/**
 * A copy of the item ready for citeproc: an id, no empty fields, and the DOI printed once — a URL
 * that is the DOI's own link is dropped (every style prints the DOI as a link already), and a DOI
 * given as a link is stored bare.
 */
export function prepareItem(item: CslInput, id = 'item'): Record<string, unknown> {
  const copy: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(item)) {
    if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue
    copy[key] = value
  }
  copy.id = id
  if (typeof copy.DOI === 'string') {
    const url = DOI_URL.exec(copy.DOI.trim())
    if (url) copy.DOI = decodeURIComponent(url[1])
    if (typeof copy.URL === 'string' && DOI_URL.test(copy.URL.trim()) && bareDoi(copy.URL) === bareDoi(copy.DOI as string)) delete copy.URL
  }
  return copy
}

/** The same tidying the product applies to any single entry: no list number ("1. ", "[1]"), one line. */
export function tidyEntry(text: string): string {
  return text
    .replace(/^\s*(?:\[\d+\]|\d+\.)\s*/, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** One bibliography entry in plain text, formatted by the engine with a registered template. */
export function renderEntry(item: Record<string, unknown>, template: string): string {
  return tidyEntry(String(new Cite([item]).format('bibliography', { format: 'text', template, lang: 'en-US' })))
}

/** The in-text citation of one item ("(Smith & Jones, 2019)", "[1]"), formatted by the engine. */
export function renderInText(item: Record<string, unknown>, template: string): string {
  const cite = new Cite([item]) as unknown as { format(kind: string, options: Record<string, unknown>): unknown }
  return String(cite.format('citation', { format: 'text', template, lang: 'en-US' })).trim()
}

/** Something to cite: a title, an author or an editor. */
function citable(item: CslInput): boolean {
  const i = item as Record<string, unknown>
  return Boolean(i.title) || (Array.isArray(i.author) && i.author.length > 0) || (Array.isArray(i.editor) && i.editor.length > 0)
}

/** A CSL-JSON item as one plain-text bibliography entry in the style; '' when there is nothing to cite. */
export function formatItem(item: CslInput, style: CitationStyle): string {
  if (!citable(item)) return ''
  return renderEntry(prepareItem(item), templateOf(style))
}

/** A CSL-JSON item's in-text citation in the style; '' when there is nothing to cite. */
export function formatInText(item: CslInput, style: CitationStyle): string {
  if (!citable(item)) return ''
  return renderInText(prepareItem(item), templateOf(style))
}

/** Plain-text citation of one work from the paper's record; an empty string when there is nothing to cite. */
export function formatCitation(metadata: Partial<PaperMetadata>, style: CitationStyle): string {
  if (!metadata.title && !metadata.authors?.length) return ''
  return formatItem(toCslItem(metadata), style)
}
