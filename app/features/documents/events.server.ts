import type { Db } from '#db/client.ts'

/** Status changes of a user's documents after a given event id (the history row id), oldest first. */
export async function eventsSince(db: Db, userId: string, lastEventId: number) {
  const rows = await db
    .selectFrom('document_status_history')
    .innerJoin('documents', 'documents.id', 'document_status_history.document_id')
    .select([
      'document_status_history.id',
      'document_status_history.document_id',
      'document_status_history.to_status',
      'document_status_history.message',
    ])
    .where('documents.user_id', '=', userId)
    .where('document_status_history.id', '>', String(lastEventId))
    .orderBy('document_status_history.id')
    .limit(500)
    .execute()
  return rows.map((r) => ({ eventId: Number(r.id), documentId: r.document_id, to: r.to_status, message: r.message }))
}

/** The newest status change's event id (0 when there is none): where a fresh stream starts. */
export async function latestEventId(db: Db): Promise<number> {
  const row = await db.selectFrom('document_status_history').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst()
  return Number(row?.id ?? 0)
}
