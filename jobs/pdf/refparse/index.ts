/** A reference string → its fields and a CSL-JSON item, by the trained tagger plus rules. */
import { isOrganisation } from '../names.ts'
import { applyRules, fieldsFromSpans, spansOf, toCsl, type CslItem, type ParsedFields, type Span } from './csl.ts'
import { defaultModel, tag, type Model } from './tagger.ts'

export type ParsedReference = { fields: ParsedFields; csl: CslItem; spans: Span[] }

export function parseReferenceText(raw: string, model: Model = defaultModel()): ParsedReference {
  const text = raw.replace(/\s+/g, ' ').trim()
  const spans = spansOf(text, tag(text, model))
  // An organisation at the head of an entry with no person before its year or title is its author
  // ("American Psychiatric Association. (2000). Diagnostic…").
  const head = spans[0]
  const headIsOrganisation = head && (/^(?:publisher|institution|collaboration)$/.test(head.label) || (/^(?:journal|booktitle)$/.test(head.label) && isOrganisation(head.text)))
  if (headIsOrganisation && !spans.some((s) => s.label === 'author') && text.startsWith(head.text) && ['date', 'title'].includes(spans[1]?.label ?? '')) {
    spans[0] = { label: 'author', text: head.text }
  }
  const fields = applyRules(fieldsFromSpans(spans), text)
  return { fields, csl: toCsl(fields, text), spans }
}

export type { CslItem, CslName, ParsedFields } from './csl.ts'
