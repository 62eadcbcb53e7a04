import type { Logger } from '#app/server/logger.server.ts'
import { PARTIAL_SUFFIX, type Storage, type StoredObject } from '#app/server/storage.server.ts'
import type { Db } from '#db/client.ts'

/** Every 15 minutes. */
export const SWEEP_ORPHANS_SCHEDULE = '*/15 * * * *'
/**
 * A file younger than this is left alone: an upload writes its file before its document row
 * commits, and a generate job writes the downloads before it completes the document.
 */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000
/** The folders the app writes documents' files to; anything else in the store is not ours to judge. */
export const SWEPT_PREFIXES = ['uploads/', 'documents/'] as const

const CHUNK = 500

/** Which of `keys` a document still refers to (its PDF or one of its downloads). */
async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const referenced = new Set<string>()
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK)
    const rows = await db
      .selectFrom('documents')
      .select(['storage_key', 'txt_key', 'docx_key', 'references_key', 'md_key', 'bib_key', 'ris_key', 'csv_key'])
      .where((eb) =>
        eb.or([
          eb('storage_key', 'in', chunk),
          eb('txt_key', 'in', chunk),
          eb('docx_key', 'in', chunk),
          eb('references_key', 'in', chunk),
          eb('md_key', 'in', chunk),
          eb('bib_key', 'in', chunk),
          eb('ris_key', 'in', chunk),
          eb('csv_key', 'in', chunk),
        ]),
      )
      .execute()
    for (const row of rows) {
      for (const key of [row.storage_key, row.txt_key, row.docx_key, row.references_key, row.md_key, row.bib_key, row.ris_key, row.csv_key]) if (key) referenced.add(key)
    }
  }
  return referenced
}

/**
 * Removes what is stored without a document: files under `uploads/` and `documents/` that no
 * document row refers to, and abandoned `.partial` writes (a web process killed mid-upload), once
 * they are older than `ORPHAN_MIN_AGE_MS`. Idempotent, and safe beside running uploads: a young
 * file is never touched, and a file is removed only when no row refers to it at that moment.
 */
export async function runOrphanSweep(
  deps: { db: Db; storage: Storage; logger: Logger },
  now = new Date(),
): Promise<{ orphans: number; partials: number }> {
  const { db, storage, logger } = deps
  const cutoff = now.getTime() - ORPHAN_MIN_AGE_MS
  const old: StoredObject[] = []
  for (const prefix of SWEPT_PREFIXES) {
    for await (const object of storage.list(prefix)) {
      if (object.lastModified.getTime() < cutoff) old.push(object)
    }
  }
  const partials = old.filter((o) => PARTIAL_SUFFIX.test(o.key))
  const candidates = old.filter((o) => !PARTIAL_SUFFIX.test(o.key))
  const referenced = await referencedKeys(
    db,
    candidates.map((o) => o.key),
  )
  const orphans = candidates.filter((o) => !referenced.has(o.key))
  for (const object of [...partials, ...orphans]) await storage.delete(object.key)
  if (orphans.length + partials.length > 0) {
    logger.info({ orphans: orphans.length, partials: partials.length }, 'orphan sweep: files without a document removed')
  }
  return { orphans: orphans.length, partials: partials.length }
}

export function sweepOrphansHandler(deps: { db: Db; storage: Storage; logger: Logger }) {
  return async () => {
    await runOrphanSweep(deps)
  }
}
