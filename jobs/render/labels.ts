/** Words the generated files use around the researcher's own text (English, like the citations). */
export interface NotesLabels {
  page: string
  comment: string
  cites: string
  comments: string
  references: string
  /** Built-in category names (stored in English) as this language says them; others print as stored. */
  categories: Readonly<Record<string, string>>
}

export const NOTES_LABELS: NotesLabels = {
  page: 'p.',
  comment: 'Comment',
  cites: 'Cites',
  comments: 'Comments',
  references: 'Reference links',
  categories: {},
}

/** A category's name as the file shows it: the translation of a built-in one, a user-made one as it is. */
export function shownCategory(labels: Pick<NotesLabels, 'categories'>, name: string): string {
  return Object.hasOwn(labels.categories, name) ? labels.categories[name] : name
}
