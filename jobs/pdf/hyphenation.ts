/**
 * Joining text across line ends, and the typographic clean-up every extracted string gets.
 *
 * Rule for a line that ends with a hyphen (documented in docs/extraction.md):
 * 1. If the document itself contains the hyphenated form ("state-of-the-art", "non-experts")
 *    somewhere inside a line, the hyphen is real: keep it.
 * 2. Else if the document contains the joined form ("extraction", "TraceMonkey"), it was a
 *    line-break hyphen: drop it.
 * 3. Else if both parts are words the document uses on their own ("run-" + "time"), it is a
 *    compound: keep the hyphen.
 * 4. Else decide by the continuation: a lower-case letter means a syllable break (drop the
 *    hyphen, "extrac-" + "tion"); a capital or a digit means a compound ("non-" + "English",
 *    "COVID-" + "19"): keep the hyphen.
 * A line that ends inside a word with no hyphen glyph at all ("pop" + "ular", where the
 * hyphen is not in the text layer) is joined without a space only when the document knows the
 * joined word and does not know the continuation as a word of its own.
 */

/** Lower-cased words the document uses, learned from its text layer; decides line-end joins. */
export type Lexicon = {
  words: Set<string>
  /** Words that contain an inner hyphen, as printed inside a line. */
  hyphenated: Set<string>
}

export function emptyLexicon(): Lexicon {
  return { words: new Set(), hyphenated: new Set() }
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu

/** Adds the words of one line of text (line-end fragments excluded by the caller). */
export function learnWords(lexicon: Lexicon, text: string): void {
  for (const match of text.matchAll(WORD)) {
    const word = match[0].toLowerCase()
    if (word.includes('-')) {
      lexicon.hyphenated.add(word)
      for (const part of word.split('-')) if (part) lexicon.words.add(part)
    } else {
      lexicon.words.add(word)
    }
  }
}

const LINE_END_HYPHEN = /[-\u00ad\u2010]$/

/**
 * Learns the words of a page's lines in content order, leaving out line-end fragments: the
 * part before a line-end hyphen ("extrac-") and the first word of the line after it ("tion",
 * "ard" of "stand-ard"), which would otherwise make a syllable look like a word of its own and
 * a line-break hyphen look like a compound's.
 */
export function learnLines(lexicon: Lexicon, texts: Iterable<string>): void {
  let afterHyphen = false
  for (const text of texts) {
    let words = text
    if (afterHyphen) words = words.replace(/^\s*[\p{L}\p{N}][\p{L}\p{N}'’-]*/u, '')
    afterHyphen = LINE_END_HYPHEN.test(words.trimEnd()) && /\p{L}[-\u00ad\u2010]$/u.test(words.trimEnd())
    learnWords(lexicon, words.replace(/\S+[-\u00ad\u2010]\s*$/u, ''))
  }
}
const LAST_WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*$/u
const FIRST_WORD = /^[\p{L}\p{N}][\p{L}\p{N}'’-]*/u

/** The fragment after a line-end hyphen: the first word of the next line, without trailing punctuation. */
function firstWord(text: string): string {
  return FIRST_WORD.exec(text)?.[0].replace(/[-'’]+$/, '') ?? ''
}

/**
 * Joins two consecutive lines of a passage. `previous` is everything so far, `next` the
 * following line. Returns the combined string.
 */
export function joinLines(previous: string, next: string, lexicon: Lexicon): string {
  const left = previous.replace(/\s+$/, '')
  const right = next.replace(/^\s+/, '')
  if (!left) return right
  if (!right) return left
  if (LINE_END_HYPHEN.test(left)) {
    return keepsHyphen(left, right, lexicon) ? `${left.slice(0, -1)}-${right}` : `${left.slice(0, -1)}${right}`
  }
  if (joinsBrokenWord(left, right, lexicon)) return `${left}${right}`
  return `${left} ${right}`
}

export function keepsHyphen(left: string, right: string, lexicon: Lexicon): boolean {
  const head = (LAST_WORD.exec(left.slice(0, -1))?.[0] ?? '').toLowerCase()
  const tail = firstWord(right)
  if (!head || !tail) return true
  const joinedHyphenated = `${head}-${tail.toLowerCase()}`
  if (lexicon.hyphenated.has(joinedHyphenated)) return true
  // The head may itself be a compound ("state-of-") whose last part is what matters.
  const lastPart = head.split('-').pop() ?? head
  const joined = `${lastPart}${tail.toLowerCase()}`
  if (lexicon.words.has(joined)) return false
  if (head.includes('-')) return true
  if (!/^\p{Ll}/u.test(tail)) return true
  // Two words the document uses on their own, and no joined word: a compound ("mixed-mode").
  return lastPart.length >= 3 && tail.length >= 3 && lexicon.words.has(lastPart) && lexicon.words.has(tail.toLowerCase())
}

function joinsBrokenWord(left: string, right: string, lexicon: Lexicon): boolean {
  const head = LAST_WORD.exec(left)?.[0]
  const tail = firstWord(right)
  if (!head || !tail || !/^\p{Ll}/u.test(tail) || !/\p{L}$/u.test(head)) return false
  const lowerHead = head.toLowerCase()
  const lowerTail = tail.toLowerCase()
  return lexicon.words.has(lowerHead + lowerTail) && !lexicon.words.has(lowerTail) && !lexicon.words.has(lowerHead)
}

const LIGATURES: Record<string, string> = {
  '\ufb00': 'ff',
  '\ufb01': 'fi',
  '\ufb02': 'fl',
  '\ufb03': 'ffi',
  '\ufb04': 'ffl',
  '\ufb05': 'st',
  '\ufb06': 'st',
  '\u0132': 'IJ',
  '\u0133': 'ij',
}

/**
 * Expands typographic ligatures only. A full NFKC normalisation would also turn typographic
 * quotes, ellipses and superscripts into something else, and those must stay as printed.
 * Œ/œ are kept as letters (they are spelling in French), only the presentation forms U+FB00–06
 * and the Dutch IJ digraph codepoints are expanded.
 */
export function expandLigatures(text: string): string {
  return text.replace(/[\ufb00-\ufb06\u0132\u0133]/g, (ch) => LIGATURES[ch] ?? ch)
}

/** Spacing accents (TeX draws them as separate glyphs) and the combining marks they stand for. */
const COMBINING: Record<string, string> = {
  '\u00a8': '\u0308', // ¨ diaeresis
  '\u00b4': '\u0301', // ´ acute
  '\u0060': '\u0300', // ` grave
  '\u02c6': '\u0302', // ˆ circumflex
  '\u02dc': '\u0303', // ˜ tilde
  '\u02da': '\u030a', // ˚ ring
  '\u02c7': '\u030c', // ˇ caron
  '\u00b8': '\u0327', // ¸ cedilla
}

/**
 * TeX often sets an accented letter as a spacing accent plus the letter ("na¨ıve",
 * "R¨as¨anen", "Franc¸ois"): join them into the letter that is printed ("naïve", "Räsänen",
 * "François"). The accent comes before its letter, except the cedilla, which follows it; a
 * dotless ı under an accent is an i.
 */
export function joinSpacingAccents(text: string): string {
  return text
    .replace(/([a-zA-Z])\u00b8/g, (_, letter: string) => `${letter}\u0327`.normalize('NFC'))
    // "Gr ´egory": a space the accent's own width left inside the word goes too.
    .replace(/(\p{L}) ([\u00a8\u00b4\u02c6\u02dc\u02da\u02c7]\p{L})/gu, '$1$2')
    .replace(/([\u00a8\u00b4\u02c6\u02dc\u02da\u02c7])(\p{L})/gu, (_, accent: string, letter: string) =>
      `${letter === '\u0131' ? 'i' : letter}${COMBINING[accent]}`.normalize('NFC'),
    )
}

/** Single spaces, no control characters, no soft hyphens inside words. */
export function cleanText(text: string): string {
  return joinSpacingAccents(expandLigatures(text))
    .replace(/\u00ad(?=\p{L})/gu, '')
    .replace(/\p{Cc}/gu, (ch) => (/\s/.test(ch) ? ch : ''))
    .replace(/[\s\u00a0\u2000-\u200b\u202f\u205f\u3000]+/g, ' ')
    .trim()
}
