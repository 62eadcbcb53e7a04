import type { Db } from '#db/client.ts'

const TEXT_MARKUP = ['highlight', 'underline', 'strikeout', 'squiggly']

export interface NoteFilters {
  q: string
  category: string
  color: string
}

export function noteFiltersFrom(params: URLSearchParams): NoteFilters {
  const color = params.get('color') ?? ''
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    category: /^\d{1,9}$/.test(params.get('category') ?? '') ? (params.get('category') as string) : '',
    color: /^#[0-9a-f]{6}$/.test(color) ? color : '',
  }
}

export interface NoteView {
  id: string
  kind: 'highlight' | 'comment'
  page: number
  pageLabel: string
  color: string | null
  text: string | null
  comment: string | null
  categoryId: number | null
  category: string | null
  citations: { text: string; url: string | null }[]
}

/**
 * The extraction of one document of its owner, as the detail page shows it: every highlight (with
 * its category, page label, text, comment and the works it cites) and every standalone comment, in
 * reading order; filtered by category, colour and words when asked. Scoped by the owner in SQL.
 */
export async function documentNotes(db: Db, userId: string, documentId: string, filters: NoteFilters) {
  const rows = await db
    .selectFrom('annotations')
    .innerJoin('documents', 'documents.id', 'annotations.document_id')
    .leftJoin('color_categories', 'color_categories.id', 'annotations.category_id')
    .select([
      'annotations.id',
      'annotations.type',
      'annotations.page',
      'annotations.page_label',
      'annotations.color',
      'annotations.text',
      'annotations.comment',
      'annotations.citations',
      'annotations.category_id',
      'color_categories.name as category',
    ])
    .where('documents.id', '=', documentId)
    .where('documents.user_id', '=', userId)
    .orderBy('annotations.position')
    .execute()
  const all: NoteView[] = rows
    .filter((r) => TEXT_MARKUP.includes(r.type) || (r.comment ?? '').trim() !== '')
    .map((r) => ({
      id: String(r.id),
      kind: TEXT_MARKUP.includes(r.type) ? 'highlight' : 'comment',
      page: r.page,
      pageLabel: r.page_label ?? String(r.page),
      color: r.color,
      text: r.text,
      comment: r.comment,
      categoryId: r.category_id,
      category: r.category,
      citations: ((r.citations ?? []) as { text: string; url: string | null }[]).map((c) => ({ text: c.text, url: c.url })),
    }))
  const words = filters.q.toLowerCase()
  const notes = all.filter(
    (n) =>
      (!filters.category || String(n.categoryId) === filters.category) &&
      (!filters.color || n.color === filters.color) &&
      (!words || `${n.text ?? ''} ${n.comment ?? ''}`.toLowerCase().includes(words)),
  )
  const categories = new Map<number, string>()
  for (const n of all) if (n.categoryId !== null && n.category) categories.set(n.categoryId, n.category)
  const colors = [...new Set(all.filter((n) => n.kind === 'highlight' && n.color).map((n) => n.color as string))]
  return { notes, total: all.length, categories: [...categories].map(([id, name]) => ({ id, name })), colors }
}
