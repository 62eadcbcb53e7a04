import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FAQ_CATEGORIES, filterFaq, translateFaq, type FaqCategory } from './faq.ts'

const echoKey = (key: string) => key

const sample: FaqCategory[] = [
  {
    id: 'gettingStarted',
    title: 'Getting started',
    items: [
      { id: 'a', question: 'How do I get an invitation?', answer: 'Join the updates list.' },
      { id: 'b', question: 'Which readers work?', answer: 'Acrobat, Preview and Zotero.' },
    ],
  },
  {
    id: 'troubleshooting',
    title: 'Troubleshooting',
    items: [{ id: 'c', question: 'My résumé PDF shows no highlights', answer: 'Check the text layer.' }],
  },
]

describe('the support FAQ', () => {
  it('has four categories with 3, 3, 4 and 2 questions', () => {
    expect(FAQ_CATEGORIES.map((c) => c.items.length)).toEqual([3, 3, 4, 2])
  })

  it('has an English text for every category, question and answer', () => {
    const english = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../locales/en/public.json'), 'utf8'))
    const keys = translateFaq(echoKey).flatMap((c) => [c.title, ...c.items.flatMap((i) => [i.question, i.answer])])
    expect(keys.filter((key) => !(key in english))).toEqual([])
  })

  it('translates every question and answer through its own key', () => {
    const faq = translateFaq(echoKey)
    expect(faq[0].title).toBe('support.category.gettingStarted.title')
    expect(faq[3].items[1]).toEqual({
      id: 'troubleshooting-stuck',
      question: 'support.faq.troubleshooting.stuck.question',
      answer: 'support.faq.troubleshooting.stuck.answer',
    })
  })
})

describe('searching the FAQ', () => {
  it('keeps everything for an empty or blank query', () => {
    expect(filterFaq(sample, '')).toBe(sample)
    expect(filterFaq(sample, '   ')).toBe(sample)
  })

  it('matches questions and answers case-insensitively and drops empty categories', () => {
    const result = filterFaq(sample, 'ZOTERO')
    expect(result.map((c) => c.id)).toEqual(['gettingStarted'])
    expect(result[0].items.map((i) => i.id)).toEqual(['b'])
  })

  it('needs every word, in any order', () => {
    expect(filterFaq(sample, 'list updates').flatMap((c) => c.items.map((i) => i.id))).toEqual(['a'])
    expect(filterFaq(sample, 'updates zotero')).toEqual([])
  })

  it('ignores accents and matches the category title', () => {
    expect(filterFaq(sample, 'resume').flatMap((c) => c.items.map((i) => i.id))).toEqual(['c'])
    expect(filterFaq(sample, 'troubleshooting').flatMap((c) => c.items.map((i) => i.id))).toEqual(['c'])
  })
})
