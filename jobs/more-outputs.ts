import { Readable } from 'node:stream'
import type { Storage } from '#app/server/storage.server.ts'
import type { Db } from '#db/client.ts'
import { loadOutputDocuments, loadOutputLabels } from './render/load.ts'
import type { OutputLabels } from './render/output-labels.ts'
import { MORE_FILES, renderMoreOutputs, type MoreColumn } from './render/outputs.ts'

/**
 * Part of the generate job (ps2): writes notes.md, references.bib, references.ris and
 * annotations.csv, and answers the keys to store with the document (or no_notes). Idempotent: a
 * retry rewrites the same keys.
 */
export async function writeMoreOutputs(deps: { db: Db; storage: Storage }, documentId: string, hasNotes: boolean): Promise<Record<MoreColumn, string>> {
  const { db, storage } = deps
  const [document] = await loadOutputDocuments(db, [documentId])
  const labels = await documentLabels(db, documentId)
  const keys = {} as Record<MoreColumn, string>
  for (const { file, body } of renderMoreOutputs(document, labels, hasNotes)) {
    const { column, type } = MORE_FILES[file]
    if (body === null) {
      keys[column] = 'no_notes'
      continue
    }
    const key = `documents/${documentId}/${file}`
    await storage.put(key, Readable.from([Buffer.from(body, 'utf8')]), type)
    keys[column] = key
  }
  return keys
}

/** The labels inside a document's files, in the language it was categorized in (English by default). */
export async function documentLabels(db: Db, documentId: string): Promise<OutputLabels> {
  const row = await db.selectFrom('documents').select('output_language').where('id', '=', documentId).executeTakeFirst()
  return loadOutputLabels(db, row?.output_language ?? null)
}
