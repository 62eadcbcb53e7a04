/** A reference string → its fields and a CSL-JSON item, by the trained tagger plus rules. */
import { applyRules, fieldsFromSpans, spansOf, toCsl, type CslItem, type ParsedFields, type Span } from './csl.ts'
import { defaultModel, tag, type Model } from './tagger.ts'

export type ParsedReference = { fields: ParsedFields; csl: CslItem; spans: Span[] }

export function parseReferenceText(raw: string, model: Model = defaultModel()): ParsedReference {
  const text = raw.replace(/\s+/g, ' ').trim()
  const spans = spansOf(text, tag(text, model))
  const fields = applyRules(fieldsFromSpans(spans), text)
  return { fields, csl: toCsl(fields, text), spans }
}

export type { CslItem, CslName, ParsedFields } from './csl.ts'
