/** Token labels of the reference tagger (GROBID's citation fields, see grobid-data.ts for the mapping). */
export const LABELS = [
  'other',
  'author',
  'editor',
  'title',
  'journal',
  'booktitle',
  'series',
  'volume',
  'issue',
  'pages',
  'date',
  'publisher',
  'location',
  'institution',
  'collaboration',
  'doi',
  'arxiv',
  'url',
  'idno',
  'tech',
  'note',
] as const

export type Label = (typeof LABELS)[number]
