import { sql } from 'kysely'
import type { PgBoss } from 'pg-boss'
import { isReadyForCategorization } from '#app/lib/document-status.ts'
import type { Db } from '#db/client.ts'
import { inTransaction } from '#jobs/boss.ts'
import { groupShades, sortByHue } from '#jobs/pdf/colors.ts'
import { nearestShade } from '#app/features/preferences/shades.server.ts'
import { transition } from './transitions.server.ts'

const TEXT_MARKUP = ['highlight', 'underline', 'strikeout', 'squiggly']
const SAMPLES_PER_COLOR = 3

export interface BatchColor {
  hex: string
  count: number
  samples: string[]
  preferredCategoryId: number | null
}

/** The documents of one batch of its owner, with what the upload page shows for each. */
export async function batchDocuments(db: Db, userId: string, batchId: string) {
  return db
    .selectFrom('documents')
    .select(['id', 'original_filename', 'upload_status', 'status_message', 'txt_key', 'docx_key', 'references_key', 'expired_at'])
    .where('batch_id', '=', batchId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('original_filename')
    .execute()
}

/**
 * Every unique highlight colour across the batch, near shades from different readers grouped
 * (the engine's rule), sorted by hue, each with a few of its passages and the saved preference.
 */
export async function batchColors(db: Db, userId: string, batchId: string): Promise<{ colors: BatchColor[] }> {
  const documents = await db.selectFrom('documents').select('id').where('batch_id', '=', batchId).where('user_id', '=', userId).execute()
  const { rows, representativeOf } = await markupColors(db, documents.map((d) => d.id))
  const preferences = await db
    .selectFrom('user_color_preferences')
    .select(['hex', 'category_id'])
    .where('user_id', '=', userId)
    .execute()
  const byColor = new Map<string, BatchColor>()
  for (const row of rows) {
    const hex = representativeOf.get(row.color) as string
    // A saved preference applies to every shade within the engine's shade distance.
    const entry = byColor.get(hex) ?? { hex, count: 0, samples: [], preferredCategoryId: nearestShade(hex, preferences)?.category_id ?? null }
    entry.count++
    if (row.text && entry.samples.length < SAMPLES_PER_COLOR) entry.samples.push(row.text.length > 160 ? `${row.text.slice(0, 157)}…` : row.text)
    byColor.set(hex, entry)
  }
  return { colors: sortByHue([...byColor.keys()]).map((hex) => byColor.get(hex) as BatchColor) }
}

/** What a waiting batch's colour section needs: its colours (samples, preselected categories) and every category. */
export async function categorizationChoices(db: Db, userId: string, batchId: string) {
  const [{ colors }, categories] = await Promise.all([
    batchColors(db, userId, batchId),
    db.selectFrom('color_categories').select(['id', 'name']).orderBy('sort_order').execute(),
  ])
  return { colors, categories }
}

/**
 * The highlight colours of some documents and each one's group representative. The order is
 * fixed (document, then position) because the representative of a group is its most used shade,
 * first seen on a tie: the page and the submit must agree on it.
 */
async function markupColors(db: Db, documentIds: string[]) {
  if (documentIds.length === 0) return { rows: [], representativeOf: new Map<string, string>() }
  const rows = await db
    .selectFrom('annotations')
    .innerJoin('documents', 'documents.id', 'annotations.document_id')
    .select(['annotations.color', 'annotations.text'])
    .where('annotations.document_id', 'in', documentIds)
    .where('annotations.type', 'in', TEXT_MARKUP)
    .where('annotations.color', 'is not', null)
    .orderBy('documents.created_at')
    .orderBy('documents.id')
    .orderBy('annotations.position')
    .execute()
  const colored = rows.map((r) => ({ color: r.color as string, text: r.text }))
  return { rows: colored, representativeOf: groupShades(colored.map((r) => r.color)) }
}

export type CategorizationProblem = 'noDocuments' | 'alreadySubmitted' | 'incomplete' | 'notReady'

/**
 * The colour categorization of a batch (or, for the API's per-document call, of one document):
 * checked on the server (only the owner's documents, all ready, every colour categorized, once),
 * then each highlight gets its category, each document moves on and gets a `generate` job, all in
 * one transaction; the user's colour preferences remember the choices.
 */
export async function submitCategorization(
  deps: { db: Db; boss: PgBoss },
  userId: string,
  scope: { batchId: string } | { documentId: string },
  choices: Map<string, number>,
): Promise<{ ok: true; documentIds: string[] } | { ok: false; problem: CategorizationProblem }> {
  const { db, boss } = deps
  const documents = await db
    .selectFrom('documents')
    .select(['id', 'batch_id', 'upload_status'])
    .where('user_id', '=', userId)
    .$if('batchId' in scope, (q) => q.where('batch_id', '=', (scope as { batchId: string }).batchId))
    .$if('documentId' in scope, (q) => q.where('id', '=', (scope as { documentId: string }).documentId))
    .execute()
  if (documents.length === 0) return { ok: false, problem: 'noDocuments' }
  const batchId = documents[0].batch_id
  if ('batchId' in scope) {
    const batch = await db.selectFrom('batches').select('submitted_at').where('user_id', '=', userId).where('id', '=', batchId).executeTakeFirst()
    if (batch?.submitted_at) return { ok: false, problem: 'alreadySubmitted' }
  }
  if (documents.every((d) => !isReadyForCategorization(d.upload_status))) {
    const submittedAlready = documents.some((d) => ['categorization_submitted_pending_ps2', 'submitted', 'processing_downloads', 'completed'].includes(d.upload_status))
    return { ok: false, problem: submittedAlready ? 'alreadySubmitted' : 'notReady' }
  }
  const ready = documents.filter((d) => isReadyForCategorization(d.upload_status))
  const { representativeOf } = await markupColors(db, ready.map((d) => d.id))
  if ([...new Set(representativeOf.values())].some((hex) => !choices.has(hex))) return { ok: false, problem: 'incomplete' }
  const categories = await db.selectFrom('color_categories').select('id').execute()
  const validIds = new Set(categories.map((c) => c.id))
  if ([...choices.values()].some((id) => !validIds.has(id))) return { ok: false, problem: 'incomplete' }

  const moved = await db.transaction().execute(async (trx) => {
    if ('batchId' in scope) {
      const claimed = await trx
        .updateTable('batches')
        .set({ submitted_at: sql`now()` })
        .where('id', '=', batchId)
        .where('user_id', '=', userId)
        .where('submitted_at', 'is', null)
        .returning('id')
        .executeTakeFirst()
      if (!claimed) return null
    }
    for (const [raw, representative] of representativeOf) {
      const categoryId = choices.get(representative)
      if (categoryId === undefined) continue
      await trx
        .updateTable('annotations')
        .set({ category_id: categoryId })
        .where('document_id', 'in', ready.map((d) => d.id))
        .where('color', '=', raw)
        .where('type', 'in', TEXT_MARKUP)
        .execute()
    }
    const movedIds: string[] = []
    for (const document of ready) {
      if (!(await transition(trx, document.id, 'categorization_submitted_pending_ps2'))) continue
      await transition(trx, document.id, 'submitted')
      await boss.send('generate', { documentId: document.id }, { db: inTransaction(trx), singletonKey: document.id })
      movedIds.push(document.id)
    }
    if (movedIds.length === 0) return null
    // A batch with comments but no highlights has no colours to remember (and SQL takes no empty list).
    if (choices.size === 0) return movedIds
    // A choice updates the nearest saved shade (ΔE < 10) instead of adding a near-duplicate with another category.
    const saved = await trx.selectFrom('user_color_preferences').select(['hex']).where('user_id', '=', userId).execute()
    const rows = new Map<string, number>()
    for (const [hex, categoryId] of choices) rows.set(nearestShade(hex, saved)?.hex ?? hex, categoryId)
    await trx
      .insertInto('user_color_preferences')
      .values([...rows].map(([hex, categoryId]) => ({ user_id: userId, hex, category_id: categoryId })))
      .onConflict((oc) => oc.columns(['user_id', 'hex']).doUpdateSet({ category_id: sql`excluded.category_id` }))
      .execute()
    return movedIds
  })
  if (!moved) return { ok: false, problem: 'alreadySubmitted' }
  return { ok: true, documentIds: moved }
}
