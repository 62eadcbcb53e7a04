/** The 18 language codes the spec maps to flags (000 §9); app.css draws each one as `.flag-<code>`. */
export const FLAG_CODES: ReadonlySet<string> = new Set(['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'sv', 'no', 'da', 'fi', 'pl', 'ru', 'ja', 'ko', 'zh', 'ar', 'hi'])

/**
 * The classes of a language's flag: its own, or a neutral globe for a code the spec does not map.
 * The flags are SVG in CSS, not emoji: without an emoji font (or on Windows) emoji flags show as
 * boxes or letter pairs.
 */
export function flagClass(code: string): string {
  return `flag flag-${FLAG_CODES.has(code) ? code : 'other'}`
}
