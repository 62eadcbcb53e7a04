import { BUILTIN_CATEGORY_KEYS } from '#app/lib/category-label.ts'
import type { NotesLabels } from './labels.ts'

/**
 * Words inside the generated files (notes.md, annotations.csv, the batch files). English is the
 * default; `outputLabels` fills them from the `outputs.file.*` translations of the user's
 * language where they exist (locales/<lang>/outputs.json, editable by admins), and the built-in category names from
 * `category.builtin.*` (locales/<lang>/categories.json).
 */
export interface OutputLabels extends NotesLabels {
  citation: string
  category: string
  colour: string
  pageNumber: string
  pageLabel: string
  type: string
  text: string
  citedWorks: string
  paper: string
  year: string
  doi: string
  highlights: string
  papers: string
  synthesis: string
  uncategorized: string
  noDate: string
  count: string
}

export const OUTPUT_LABELS: OutputLabels = {
  page: 'p.',
  comment: 'Comment',
  cites: 'Cites',
  comments: 'Comments',
  references: 'Reference links',
  categories: {},
  citation: 'Citation',
  category: 'Category',
  colour: 'Colour',
  pageNumber: 'Page',
  pageLabel: 'Page label',
  type: 'Type',
  text: 'Text',
  citedWorks: 'Cited works',
  paper: 'Paper',
  year: 'Year',
  doi: 'DOI',
  highlights: 'Highlights',
  papers: 'Papers',
  synthesis: 'Synthesis',
  uncategorized: 'Uncategorized',
  noDate: 'n.d.',
  count: 'Highlights',
}

/** The labels in one language: each `outputs.file.<name>` translation that exists, English otherwise. */
export function outputLabels(translations: Record<string, string>): OutputLabels {
  const labels = { ...OUTPUT_LABELS }
  for (const name of Object.keys(labels) as (keyof OutputLabels)[]) {
    if (name === 'categories') continue
    const value = translations[`outputs.file.${name}`]
    if (value) labels[name] = value
  }
  // The built-in categories' `category.builtin.*` translations, by their stored (English) names.
  const categories: Record<string, string> = {}
  for (const [name, key] of Object.entries(BUILTIN_CATEGORY_KEYS)) {
    if (translations[key]) categories[name] = translations[key]
  }
  labels.categories = categories
  return labels
}
