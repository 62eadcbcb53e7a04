import type { Readable } from 'node:stream'
import type { Storage } from '#app/server/storage.server.ts'
import type { Db } from '#db/client.ts'
import { folderName, zipStream, type ZipEntry } from '#jobs/render/batch-zip.ts'
import { renderEvidenceMatrix } from '#jobs/render/evidence-matrix.ts'
import { loadOutputDocuments } from '#jobs/render/load.ts'
import type { OutputLabels } from '#jobs/render/output-labels.ts'
import { renderSynthesisDocx } from '#jobs/render/synthesis-docx.ts'
import { renderSynthesisMarkdown } from '#jobs/render/synthesis-md.ts'
import type { BatchDetail, BatchFile } from './queries.server.ts'

export const BATCH_TYPES: Record<BatchFile, string> = {
  'synthesis.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'synthesis.md': 'text/markdown; charset=utf-8',
  'evidence-matrix.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'batch.zip': 'application/zip',
}

const DOCUMENT_FILES = [
  ['txt_key', 'notes.txt'],
  ['docx_key', 'notes.docx'],
  ['references_key', 'references.docx'],
  ['md_key', 'notes.md'],
  ['bib_key', 'references.bib'],
  ['ris_key', 'references.ris'],
  ['csv_key', 'annotations.csv'],
] as const
const NO_FILE = new Set(['no_notes', 'no_references'])

/**
 * One of the batch's files, made when asked from the stored annotations (they are the source of
 * truth, so the files always reflect the batch as it is; ten papers take well under a second).
 */
export async function batchFile(
  deps: { db: Db; storage: Storage },
  batch: BatchDetail,
  file: BatchFile,
  labels: OutputLabels,
): Promise<Buffer | string | Readable> {
  const { db, storage } = deps
  const documents = await loadOutputDocuments(db, batch.completedIds)
  const title = `${labels.synthesis}: ${documents.map((d) => d.title).join(', ')}`.slice(0, 200)
  if (file === 'synthesis.md') return renderSynthesisMarkdown(documents, labels, title)
  if (file === 'synthesis.docx') return renderSynthesisDocx(documents, labels, title)
  if (file === 'evidence-matrix.xlsx') return renderEvidenceMatrix(documents, labels)
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'original_filename', 'storage_key', ...DOCUMENT_FILES.map(([column]) => column)])
    .where('id', 'in', batch.completedIds)
    .execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  const used = new Set<string>()
  const entries: ZipEntry[] = [
    { name: 'synthesis.md', body: renderSynthesisMarkdown(documents, labels, title) },
    { name: 'synthesis.docx', body: await renderSynthesisDocx(documents, labels, title) },
    { name: 'evidence-matrix.xlsx', body: await renderEvidenceMatrix(documents, labels) },
  ]
  for (const id of batch.completedIds) {
    const row = byId.get(id)
    if (!row) continue
    const folder = folderName(row.original_filename, used)
    const keys: [string, string | null][] = [[row.original_filename.replace(/[\\/]/g, '_'), row.storage_key], ...DOCUMENT_FILES.map(([column, name]) => [name, row[column]] as [string, string | null])]
    for (const [name, key] of keys) if (key && !NO_FILE.has(key)) entries.push({ name: `${folder}/${name}`, body: () => storage.getBytes(key) })
  }
  return zipStream(entries)
}
