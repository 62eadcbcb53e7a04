/** Words the generated files use around the researcher's own text (English, like the citations). */
export interface NotesLabels {
  page: string
  comment: string
  cites: string
  comments: string
  references: string
}

export const NOTES_LABELS: NotesLabels = {
  page: 'p.',
  comment: 'Comment',
  cites: 'Cites',
  comments: 'Comments',
  references: 'Reference links',
}
