/**
 * The support FAQ: four categories with 3, 3, 4 and 2 questions, as the spec lists them. Only the
 * structure lives here; every question and answer is a translation key, so admins can edit them.
 */
export const FAQ_CATEGORIES = [
  { id: 'gettingStarted', items: ['invitation', 'firstUpload', 'readers'] },
  { id: 'account', items: ['cost', 'password', 'deleteAccount'] },
  { id: 'features', items: ['colours', 'styles', 'outputs', 'limits'] },
  { id: 'troubleshooting', items: ['noHighlights', 'stuck'] },
] as const

export type FaqCategoryId = (typeof FAQ_CATEGORIES)[number]['id']

export interface FaqEntry {
  id: string
  question: string
  answer: string
}

export interface FaqCategory {
  id: FaqCategoryId
  title: string
  items: FaqEntry[]
}

export const faqKeys = {
  categoryTitle: (category: string) => `support.category.${category}.title`,
  question: (category: string, item: string) => `support.faq.${category}.${item}.question`,
  answer: (category: string, item: string) => `support.faq.${category}.${item}.answer`,
}

/** The FAQ in the reader's language; `values` fill the answers' placeholders ({email}, {maxMb}). */
export function translateFaq(
  t: (key: string, values?: Record<string, string | number>) => string,
  values: Record<string, string | number> = {},
): FaqCategory[] {
  return FAQ_CATEGORIES.map((category) => ({
    id: category.id,
    title: t(faqKeys.categoryTitle(category.id)),
    items: category.items.map((item) => ({
      id: `${category.id}-${item}`,
      question: t(faqKeys.question(category.id, item), values),
      answer: t(faqKeys.answer(category.id, item), values),
    })),
  }))
}

// Case and accents are ignored, so "resume" finds "résumé" and "PDF" finds "pdf".
function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase()
}

/**
 * The items whose question, answer or category title contain every word of the query; categories
 * left without items are dropped. An empty query keeps everything.
 */
export function filterFaq(categories: FaqCategory[], query: string): FaqCategory[] {
  const words = normalise(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return categories
  return categories
    .map((category) => ({
      ...category,
      items: category.items.filter((item) => {
        const haystack = normalise(`${category.title} ${item.question} ${item.answer}`)
        return words.every((word) => haystack.includes(word))
      }),
    }))
    .filter((category) => category.items.length > 0)
}
