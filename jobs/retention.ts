import { sql } from 'kysely'
import type { Logger } from '#app/server/logger.server.ts'
import type { Storage } from '#app/server/storage.server.ts'
import type { Db } from '#db/client.ts'

/** The privacy policy's promises: uploaded documents are kept up to 90 days, accounts until 24 months without a sign-in. */
export const RETENTION_DAYS = 90
export const ACCOUNT_INACTIVITY_MONTHS = 24
/** Every night at 03:15. */
export const RETENTION_SCHEDULE = '15 3 * * *'

/**
 * Deletes the stored files (the PDF and the generated downloads) of documents older than the
 * retention period and marks them expired; the rows, annotations and references stay, as the
 * policy keeps annotations until deleted. Idempotent: expired documents are skipped.
 */
export async function runRetention(deps: { db: Db; storage: Storage; logger: Logger }, now = new Date()): Promise<number> {
  const { db, storage, logger } = deps
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * 86_400_000)
  const due = await db
    .selectFrom('documents')
    .select(['id', 'storage_key', 'txt_key', 'docx_key', 'references_key', 'md_key', 'bib_key', 'ris_key', 'csv_key'])
    .where('created_at', '<', cutoff)
    .where('expired_at', 'is', null)
    .execute()
  for (const document of due) {
    const keys = [document.storage_key, document.txt_key, document.docx_key, document.references_key, document.md_key, document.bib_key, document.ris_key, document.csv_key].filter(
      (key): key is string => Boolean(key) && key !== 'no_notes' && key !== 'no_references',
    )
    for (const key of keys) await storage.delete(key)
    await db
      .updateTable('documents')
      .set({ expired_at: sql`now()`, storage_key: null })
      .where('id', '=', document.id)
      .execute()
  }
  if (due.length > 0) logger.info({ expired: due.length }, 'retention: stored files removed')
  return due.length
}

/**
 * Deletes accounts without a sign-in (or, never signed in, created) for 24 months, with every
 * stored file of theirs; their rows go with the account (ON DELETE CASCADE). Admin accounts are
 * kept, so an instance never loses the people who run it.
 */
export async function runAccountRetention(deps: { db: Db; storage: Storage; logger: Logger }, now = new Date()): Promise<number> {
  const { db, storage, logger } = deps
  const cutoff = new Date(now)
  cutoff.setMonth(cutoff.getMonth() - ACCOUNT_INACTIVITY_MONTHS)
  const inactive = await db
    .selectFrom('users')
    .select('id')
    .where('is_admin', '=', false)
    .where(sql<boolean>`coalesce(last_login_at, created_at) < ${cutoff}`)
    .execute()
  for (const user of inactive) {
    const documents = await db
      .selectFrom('documents')
      .select(['storage_key', 'txt_key', 'docx_key', 'references_key', 'md_key', 'bib_key', 'ris_key', 'csv_key'])
      .where('user_id', '=', user.id)
      .execute()
    for (const key of documents.flatMap((d) => [d.storage_key, d.txt_key, d.docx_key, d.references_key, d.md_key, d.bib_key, d.ris_key, d.csv_key])) {
      if (key && key !== 'no_notes' && key !== 'no_references') await storage.delete(key)
    }
    await db.deleteFrom('users').where('id', '=', user.id).execute()
  }
  if (inactive.length > 0) logger.info({ deleted: inactive.length }, 'retention: inactive accounts deleted')
  return inactive.length
}

export function retentionHandler(deps: { db: Db; storage: Storage; logger: Logger }) {
  return async () => {
    await runRetention(deps)
    await runAccountRetention(deps)
  }
}
