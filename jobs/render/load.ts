import type { Db } from '#db/client.ts'
import type { CitationStyle, InTextCitation, PaperMetadata, Reference } from '../pdf/types.ts'
import { outputLabels, type OutputLabels } from './output-labels.ts'
import type { OutputAnnotation, OutputDocument } from './paper.ts'

const EMPTY_METADATA: PaperMetadata = {
  title: null,
  authors: [],
  year: null,
  journal: null,
  volume: null,
  issue: null,
  pages: null,
  doi: null,
  url: null,
  arxivId: null,
}

/** Documents (any owner: callers scope by user first) with their annotations, in the order asked. */
export async function loadOutputDocuments(db: Db, documentIds: string[]): Promise<OutputDocument[]> {
  if (documentIds.length === 0) return []
  const [documents, rows] = await Promise.all([
    db
      .selectFrom('documents')
      .innerJoin('reference_styles', 'reference_styles.id', 'documents.reference_style_id')
      .select(['documents.id', 'documents.original_filename', 'documents.citation', 'documents.reference_list', 'documents.metadata', 'documents.extracted_colors', 'reference_styles.slug'])
      .where('documents.id', 'in', documentIds)
      .execute(),
    db
      .selectFrom('annotations')
      .leftJoin('color_categories', 'color_categories.id', 'annotations.category_id')
      .select([
        'annotations.id',
        'annotations.document_id',
        'annotations.type',
        'annotations.page',
        'annotations.page_label',
        'annotations.color',
        'annotations.text',
        'annotations.comment',
        'annotations.citations',
        'color_categories.name as category_name',
        'color_categories.sort_order as category_order',
      ])
      .where('annotations.document_id', 'in', documentIds)
      .orderBy('annotations.document_id')
      .orderBy('annotations.position')
      .execute(),
  ])
  const byDocument = new Map<string, OutputAnnotation[]>()
  for (const r of rows) {
    const list = byDocument.get(r.document_id) ?? []
    list.push({
      id: String(r.id),
      type: r.type,
      page: r.page,
      pageLabel: r.page_label,
      color: r.color,
      text: r.text,
      comment: r.comment,
      categoryName: r.category_name,
      categoryOrder: r.category_order,
      citations: (r.citations ?? []) as InTextCitation[],
    })
    byDocument.set(r.document_id, list)
  }
  const byId = new Map(documents.map((d) => [d.id, d]))
  return documentIds.flatMap((id) => {
    const d = byId.get(id)
    if (!d) return []
    const annotations = byDocument.get(id) ?? []
    const categories = [...new Set(annotations.filter((a) => a.categoryName && a.text).sort((a, b) => (a.categoryOrder ?? 0) - (b.categoryOrder ?? 0)).map((a) => a.categoryName as string))]
    return [
      {
        id,
        filename: d.original_filename,
        title: d.original_filename.replace(/\.pdf$/i, ''),
        citation: d.citation ?? '',
        style: d.slug as CitationStyle,
        metadata: { ...EMPTY_METADATA, ...((d.metadata ?? {}) as Partial<PaperMetadata>) },
        annotations,
        references: (d.reference_list ?? []) as Reference[],
        categories,
      },
    ]
  })
}

/** The generated files' labels and built-in category names in a language (English where a translation is missing). */
export async function loadOutputLabels(db: Db, language: string | null): Promise<OutputLabels> {
  if (!language || language === 'en') return outputLabels({})
  const rows = await db
    .selectFrom('translations')
    .select(['key', 'value'])
    .where('language_code', '=', language)
    .where((eb) => eb.or([eb('key', 'like', 'outputs.file.%'), eb('key', 'like', 'category.builtin.%')]))
    .execute()
  return outputLabels(Object.fromEntries(rows.map((r) => [r.key, r.value])))
}
