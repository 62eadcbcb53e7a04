/**
 * The built-in colour categories (db/seed.ts COLOR_CATEGORIES) are stored under their English
 * names; each has a `category.builtin.*` translation (locales/<lang>/categories.json). Stored
 * names and comparisons stay English: only the text shown to people is translated.
 */
export const BUILTIN_CATEGORY_KEYS: Readonly<Record<string, string>> = {
  'Key finding': 'category.builtin.keyFinding',
  Method: 'category.builtin.method',
  Result: 'category.builtin.result',
  Definition: 'category.builtin.definition',
  Quote: 'category.builtin.quote',
  Question: 'category.builtin.question',
  Critique: 'category.builtin.critique',
  Background: 'category.builtin.background',
  Reference: 'category.builtin.reference',
}

/** The translation of a built-in category's name; a user-made category's name as it is. */
export function categoryLabel(name: string, t: (key: string) => string): string {
  if (!Object.hasOwn(BUILTIN_CATEGORY_KEYS, name)) return name
  const key = BUILTIN_CATEGORY_KEYS[name]
  const text = t(key)
  return text && text !== key ? text : name
}

/** A label function from a key → text map (the generated files' translations). */
export function categoryLabeller(translations: Record<string, string>): (name: string) => string {
  return (name) => categoryLabel(name, (key) => translations[key] ?? '')
}
