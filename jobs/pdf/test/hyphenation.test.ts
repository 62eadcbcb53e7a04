import { describe, expect, it } from 'vitest'
import { cleanText, emptyLexicon, expandLigatures, joinLines, learnWords } from '../hyphenation.ts'

function lexiconOf(text: string) {
  const lexicon = emptyLexicon()
  learnWords(lexicon, text)
  return lexicon
}

describe('line-end hyphenation', () => {
  it('joins a syllable break', () => {
    expect(joinLines('the extrac-', 'tion of text', emptyLexicon())).toBe('the extraction of text')
  })

  it('keeps the hyphen of a compound the document prints inside a line', () => {
    const lexicon = lexiconOf('we use state-of-the-art methods')
    expect(joinLines('a state-of-', 'the-art system', lexicon)).toBe('a state-of-the-art system')
    expect(joinLines('accessible to non-', 'experts', lexiconOf('for non-experts only'))).toBe('accessible to non-experts')
  })

  it('keeps the hyphen between two words the document uses on their own', () => {
    expect(joinLines('at run-', 'time cost', lexiconOf('run the code; time passes'))).toBe('at run-time cost')
    expect(joinLines('the extrac-', 'tion', lexiconOf('run the code; time passes'))).toBe('the extraction')
  })

  it('joins when the document knows the joined word, even before a capital', () => {
    expect(joinLines('the tracing VM Trace-', 'Monkey.', lexiconOf('TraceMonkey supports all features'))).toBe('the tracing VM TraceMonkey.')
  })

  it('keeps the hyphen before a capital or a digit when the document does not say otherwise', () => {
    expect(joinLines('non-', 'English speakers', emptyLexicon())).toBe('non-English speakers')
    expect(joinLines('COVID-', '19 cases', emptyLexicon())).toBe('COVID-19 cases')
  })

  it('joins a word broken with no hyphen glyph only when the document knows the word', () => {
    const lexicon = lexiconOf('a popular language')
    expect(joinLines('are pop', 'ular since', lexicon)).toBe('are popular since')
    expect(joinLines('the cat', 'sat down', lexiconOf('catsat is not a word but cat and sat are'))).toBe('the cat sat down')
  })

  it('puts one space between ordinary lines', () => {
    expect(joinLines('first line ', '  second line', emptyLexicon())).toBe('first line second line')
  })
})

describe('ligatures and clean-up', () => {
  it('expands typographic ligatures', () => {
    expect(expandLigatures('e\ufb03cient \ufb01le \ufb02y \ufb00ect \ufb04e')).toBe('efficient file fly ffect ffle')
  })

  it('keeps typographic quotes, dashes and accents', () => {
    expect(cleanText('“Haswell” — naïve ‘quoted’')).toBe('“Haswell” — naïve ‘quoted’')
  })

  it('collapses white space and drops control characters and soft hyphens', () => {
    expect(cleanText('  a\u00a0\u00a0b\n\tc\u0002 extrac\u00adtion ')).toBe('a b c extraction')
  })
})

describe('spacing accents', () => {
  it('joins TeX spacing accents into the letter they sit on', () => {
    expect(cleanText('a na¨ıve approach')).toBe('a naïve approach')
    expect(cleanText('R¨as¨anen and Franc¸ois and Gr ´egory')).toBe('Räsänen and François and Grégory')
  })

  it('leaves an accent standing alone', () => {
    expect(cleanText('the ´ sign')).toBe('the ´ sign')
  })
})
