import { describe, expect, it } from 'vitest'
import { loadDashboard } from '#app/features/documents/dashboard.server.ts'
import type { DocumentStatus } from '#app/lib/document-status.ts'
import { useTestDb } from '#tests/helpers/database.ts'
import { createUser } from '#tests/helpers/users.ts'

const db = useTestDb()
const apa = await db.selectFrom('reference_styles').select('id').where('slug', '=', 'apa').executeTakeFirstOrThrow()

/** A batch of documents in the given states, created `minutesAgo`; submitted when asked. */
async function batch(userId: string, name: string, statuses: DocumentStatus[], options: { minutesAgo: number; submitted?: boolean }) {
  const createdAt = new Date(Date.now() - options.minutesAgo * 60_000)
  const id = `${name}-${Math.random().toString(36).slice(2, 10)}`
  await db
    .insertInto('batches')
    .values({ id, user_id: userId, reference_style_id: apa.id, created_at: createdAt, submitted_at: options.submitted ? createdAt : null })
    .execute()
  const documents = await db
    .insertInto('documents')
    .values(statuses.map((status, i) => ({ user_id: userId, batch_id: id, reference_style_id: apa.id, original_filename: `${name}-${i}.pdf`, size_bytes: 1, upload_status: status, created_at: createdAt })))
    .returning(['id', 'upload_status'])
    .execute()
  return { id, documents }
}

describe('the dashboard', () => {
  it('lists the batches that wait for the researcher, newest first, and leaves out those that stopped or were submitted', async () => {
    const user = await createUser(db)
    const other = await createUser(db)
    const stopped = await batch(user.id, 'stopped', ['completed', 'failed', 'error', 'ps1_timeout', 'make1_timeout', 'ps2_timeout'], { minutesAgo: 1 })
    const reading = await batch(user.id, 'reading', ['processing_annotations', 'raw_annotations_inserted'], { minutesAgo: 2 })
    const ready = await batch(user.id, 'ready', ['raw_annotations_inserted', 'failed'], { minutesAgo: 3 })
    const submitted = await batch(user.id, 'submitted', ['processing_downloads'], { minutesAgo: 4, submitted: true })
    await batch(other.id, 'theirs', ['raw_annotations_inserted'], { minutesAgo: 1 })

    const dashboard = await loadDashboard(db, user.id)
    expect(dashboard.unfinished.map((b) => [b.id, b.ready, b.files])).toEqual([
      [reading.id, false, ['reading-0.pdf', 'reading-1.pdf']],
      [ready.id, true, ['ready-0.pdf', 'ready-1.pdf']],
    ])
    expect(dashboard.unfinished.map((b) => b.id)).not.toContain(stopped.id)
    expect(dashboard.unfinished.map((b) => b.id)).not.toContain(submitted.id)
  })

  it('links each listed document that waits for its colours to its batch, and only those', async () => {
    const user = await createUser(db)
    const waiting = await batch(user.id, 'waiting', ['raw_annotations_inserted'], { minutesAgo: 1 })
    const done = await batch(user.id, 'done', ['raw_annotations_inserted'], { minutesAgo: 2, submitted: true })
    const finished = await batch(user.id, 'finished', ['completed'], { minutesAgo: 3 })

    const dashboard = await loadDashboard(db, user.id)
    expect(dashboard.latest.map((d) => d.id)).toEqual([waiting.documents[0].id, done.documents[0].id, finished.documents[0].id])
    expect(dashboard.resume).toEqual({ [waiting.documents[0].id]: waiting.id })
    expect(dashboard.totalDocuments).toBe(3)
  })

  it('answers a researcher with no documents with empty lists', async () => {
    const user = await createUser(db)
    const dashboard = await loadDashboard(db, user.id)
    expect(dashboard).toMatchObject({ unfinished: [], latest: [], totalDocuments: 0, resume: {} })
  })

  it('offers every reference style in order, the researcher’s default preselected, else the first', async () => {
    const styles = await db.selectFrom('reference_styles').select(['id', 'name']).orderBy('sort_order').execute()
    expect(styles.length).toBeGreaterThan(1)
    const user = await createUser(db)
    expect(await loadDashboard(db, user.id)).toMatchObject({ styles, defaultStyleId: styles[0].id })
    await db.updateTable('users').set({ default_reference_style_id: styles[1].id }).where('id', '=', user.id).execute()
    expect(await loadDashboard(db, user.id)).toMatchObject({ styles, defaultStyleId: styles[1].id })
  })
})
