import { isReadyForCategorization, isSettled } from '#app/lib/document-status.ts'
import type { Db } from '#db/client.ts'
import { batchColors, batchDocuments, type BatchColor } from './batch.server.ts'
import { moreDownloadsFor, toDownloads } from './more-downloads.server.ts'
import { downloadUrl } from './queries.server.ts'

/** The upload form's choices: every reference style, and the one preselected (the user's default, else the first). */
export async function uploadChoices(db: Db, userId: string) {
  // One round trip: the styles, each row carrying the researcher's default.
  const rows = await db
    .selectFrom('reference_styles')
    .select((eb) => ['id', 'name', eb.selectFrom('users').select('default_reference_style_id').where('id', '=', userId).as('default_style_id')])
    .orderBy('sort_order')
    .execute()
  const styles = rows.map(({ id, name }) => ({ id, name }))
  return { styles, defaultStyleId: rows[0]?.default_style_id ?? styles[0]?.id ?? null }
}

/** Everything the upload page shows: the upload form's choices and, for a batch, its documents and colours. */
export async function loadExtractor(db: Db, userId: string, batchId: string | null) {
  const [choices, categories] = await Promise.all([
    uploadChoices(db, userId),
    db.selectFrom('color_categories').select(['id', 'name']).orderBy('sort_order').execute(),
  ])
  const base = { ...choices, categories }
  const batch = batchId
    ? await db.selectFrom('batches').select(['id', 'submitted_at']).where('id', '=', batchId).where('user_id', '=', userId).executeTakeFirst()
    : undefined
  if (!batch) return { ...base, batch: null }

  const rows = await batchDocuments(db, userId, batch.id)
  const more = await moreDownloadsFor(db, userId, rows.map((d) => d.id))
  const documents = rows.map((d) => {
    const expired = Boolean(d.expired_at)
    return {
      id: d.id,
      filename: d.original_filename,
      status: d.upload_status,
      message: d.status_message,
      downloads: {
        txt: downloadUrl(d.id, d.txt_key, 'notes.txt', expired),
        docx: downloadUrl(d.id, d.docx_key, 'notes.docx', expired),
        references: downloadUrl(d.id, d.references_key, 'references.docx', expired),
        ...toDownloads(more.get(d.id)),
      },
    }
  })
  const readyCount = documents.filter((d) => isReadyForCategorization(d.status)).length
  // Categorization waits until every document has either reached it or stopped for good.
  const awaitingCategorization =
    !batch.submitted_at && readyCount > 0 && documents.every((d) => isReadyForCategorization(d.status) || isSettled(d.status))
  const colors: BatchColor[] = awaitingCategorization || batch.submitted_at ? (await batchColors(db, userId, batch.id)).colors : []
  const inProgress = documents.some(
    (d) => !isSettled(d.status) && !(isReadyForCategorization(d.status) && !batch.submitted_at),
  )
  return {
    ...base,
    batch: {
      id: batch.id,
      submitted: Boolean(batch.submitted_at),
      documents,
      colors,
      awaitingCategorization,
      inProgress,
      anyCompleted: documents.some((d) => d.status === 'completed'),
    },
  }
}

export type ExtractorData = Awaited<ReturnType<typeof loadExtractor>>
