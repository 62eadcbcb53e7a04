/**
 * Features of each token of a reference string for the tagger: the word itself (lower case),
 * its shape, capitalisation, digits (year-like, number length), punctuation, cue words
 * ("pp", "vol", "In", "Proc", "eds", "thesis", …), its position in the entry, what came before
 * (a year, an opening quote, an open parenthesis, "In"), and its neighbours.
 */
const CUES = new Map<string, string>(
  Object.entries({
    pp: 'pages',
    p: 'pages',
    page: 'pages',
    pages: 'pages',
    vol: 'vol',
    volume: 'vol',
    vols: 'vol',
    bd: 'vol',
    no: 'no',
    nr: 'no',
    issue: 'no',
    number: 'no',
    in: 'in',
    proc: 'proc',
    proceedings: 'proc',
    conference: 'proc',
    conf: 'proc',
    symposium: 'proc',
    workshop: 'proc',
    meeting: 'proc',
    congress: 'proc',
    international: 'proc',
    annual: 'proc',
    journal: 'journal',
    j: 'journal',
    trans: 'journal',
    transactions: 'journal',
    rev: 'journal',
    lett: 'journal',
    phys: 'journal',
    review: 'journal',
    letters: 'journal',
    ed: 'eds',
    eds: 'eds',
    editor: 'eds',
    editors: 'eds',
    hrsg: 'eds',
    press: 'publisher',
    publishers: 'publisher',
    publishing: 'publisher',
    springer: 'publisher',
    wiley: 'publisher',
    elsevier: 'publisher',
    verlag: 'publisher',
    university: 'univ',
    univ: 'univ',
    institute: 'univ',
    thesis: 'thesis',
    dissertation: 'thesis',
    phd: 'thesis',
    report: 'report',
    technical: 'report',
    tech: 'report',
    rep: 'report',
    doi: 'doi',
    http: 'url',
    https: 'url',
    www: 'url',
    arxiv: 'arxiv',
    preprint: 'arxiv',
    et: 'etal',
    al: 'etal',
    and: 'and',
    und: 'and',
    jan: 'month',
    feb: 'month',
    mar: 'month',
    apr: 'month',
    may: 'month',
    jun: 'month',
    jul: 'month',
    aug: 'month',
    sep: 'month',
    sept: 'month',
    oct: 'month',
    nov: 'month',
    dec: 'month',
    january: 'month',
    february: 'month',
    march: 'month',
    april: 'month',
    june: 'month',
    july: 'month',
    august: 'month',
    september: 'month',
    october: 'month',
    november: 'month',
    december: 'month',
    jr: 'suffix',
    sr: 'suffix',
    van: 'particle',
    von: 'particle',
    der: 'particle',
    de: 'particle',
    da: 'particle',
    del: 'particle',
    la: 'particle',
    le: 'particle',
    of: 'of',
    the: 'the',
    on: 'on',
    for: 'for',
    a: 'a',
  }),
)

export function shape(word: string): string {
  return word
    .replace(/\p{Lu}/gu, 'X')
    .replace(/[\p{Ll}\p{Lo}\p{M}]/gu, 'x')
    .replace(/\p{N}/gu, 'd')
    .replace(/(.)\1{2,}/g, '$1$1')
}

function kind(word: string): string {
  if (/^(1[5-9]\d\d|20\d\d)[a-z]?$/.test(word)) return 'year'
  if (/^\d+$/.test(word)) return `num${Math.min(word.length, 5)}`
  if (/^[ivxlc]+$/i.test(word) && word.length <= 4 && word === word.toUpperCase()) return 'roman'
  if (/^\p{Lu}$/u.test(word)) return 'initial'
  if (/^\p{Lu}+$/u.test(word)) return 'allcaps'
  if (/^\p{Lu}\p{Ll}/u.test(word)) return 'cap'
  if (/^\p{Ll}/u.test(word)) return 'lower'
  if (/^[\p{L}\p{M}]+$/u.test(word)) return 'otherletters'
  if (/\p{N}/u.test(word) && /\p{L}/u.test(word)) return 'alnum'
  if (/^[“”"'‘’«»]$/.test(word)) return 'quote'
  if (/^[-–—‒]$/.test(word)) return 'dash'
  return `p${word}`
}

/** Feature names of every token of one entry. */
export function tokenFeatures(tokens: string[], glued: boolean[] = []): string[][] {
  const n = tokens.length
  const lower = tokens.map((t) => t.toLowerCase())
  const kinds = tokens.map(kind)
  const shapes = tokens.map((t) => shape(t).slice(0, 8))
  const out: string[][] = []
  let seenYear = false
  let quotes = 0
  let parens = 0
  let seenIn = false
  let periods = 0
  let commas = 0
  let seenDigit = false
  for (let i = 0; i < n; i++) {
    const w = lower[i]
    const k = kinds[i]
    const f = ['b', `w=${w}`, `k=${k}`, `s=${shapes[i]}`, `pos=${Math.floor((10 * i) / n)}`]
    if (w.length > 3 && /^[\p{L}]+$/u.test(w)) f.push(`suf=${w.slice(-3)}`, `pre=${w.slice(0, 3)}`)
    const cue = CUES.get(w)
    if (cue) f.push(`cue=${cue}`)
    if (glued[i]) f.push('glued', `glued|k=${k}`, `glued|k-1=${kinds[i - 1]}|${k}`)
    if (glued[i + 1]) f.push('gluedNext')
    if (i === 0) f.push('first')
    if (i === n - 1) f.push('last')
    if (i < 3) f.push(`start${i}`)
    if (n - i <= 3) f.push(`end${n - 1 - i}`)
    f.push(`yr=${seenYear ? 1 : 0}`, `q=${quotes % 2}`, `par=${parens > 0 ? 1 : 0}`, `in=${seenIn ? 1 : 0}`, `dig=${seenDigit ? 1 : 0}`)
    f.push(`per=${Math.min(periods, 6)}`, `com=${Math.min(commas, 6)}`)
    f.push(`k|yr=${k}|${seenYear ? 1 : 0}`, `k|q=${k}|${quotes % 2}`)
    for (const d of [-2, -1, 1, 2]) {
      const j = i + d
      if (j < 0) f.push(`w${d}=<s>`)
      else if (j >= n) f.push(`w${d}=</s>`)
      else {
        f.push(`w${d}=${lower[j]}`, `k${d}=${kinds[j]}`)
        const c = CUES.get(lower[j])
        if (c) f.push(`cue${d}=${c}`)
      }
    }
    f.push(`k-1|k=${kinds[i - 1] ?? '<s>'}|${k}`, `k|k+1=${k}|${kinds[i + 1] ?? '</s>'}`, `w-1|w=${lower[i - 1] ?? '<s>'}|${w}`, `w|w+1=${w}|${lower[i + 1] ?? '</s>'}`)
    f.push(`k-1|k|k+1=${kinds[i - 1] ?? '<s>'}|${k}|${kinds[i + 1] ?? '</s>'}`)
    out.push(f)
    if (k === 'year') seenYear = true
    if (k === 'quote' && /[“”"]/.test(tokens[i])) quotes++
    if (tokens[i] === '(' || tokens[i] === '[') parens++
    if ((tokens[i] === ')' || tokens[i] === ']') && parens > 0) parens--
    if (w === 'in') seenIn = true
    if (tokens[i] === '.') periods++
    if (tokens[i] === ',') commas++
    if (/\d/.test(tokens[i])) seenDigit = true
  }
  return out
}
