import type { Db } from '#db/client.ts'
import { MORE_FILES, type MoreFile } from '#jobs/render/outputs.ts'

/** The four downloads issue 15 adds, as the API names them. */
export interface MoreDownloads {
  markdownDownloadUrl: string | null
  bibtexDownloadUrl: string | null
  risDownloadUrl: string | null
  csvDownloadUrl: string | null
}

type Keys = { id: string; md_key: string | null; bib_key: string | null; ris_key: string | null; csv_key: string | null; expired_at: unknown }

const NO_FILE = new Set(['no_notes', 'no_references'])

function url(id: string, key: string | null, file: MoreFile, expired: boolean): string | null {
  if (!key || expired) return null
  if (NO_FILE.has(key)) return key
  return `/documents/${id}/download/${file}`
}

export function moreDownloadUrls(row: Keys): MoreDownloads {
  const expired = Boolean(row.expired_at)
  return {
    markdownDownloadUrl: url(row.id, row.md_key, 'notes.md', expired),
    bibtexDownloadUrl: url(row.id, row.bib_key, 'references.bib', expired),
    risDownloadUrl: url(row.id, row.ris_key, 'references.ris', expired),
    csvDownloadUrl: url(row.id, row.csv_key, 'annotations.csv', expired),
  }
}

/** The API form: absolute URLs, the special values kept. */
export function absoluteMoreDownloads(more: MoreDownloads, absolute: (url: string | null) => string | null): MoreDownloads {
  return {
    markdownDownloadUrl: absolute(more.markdownDownloadUrl),
    bibtexDownloadUrl: absolute(more.bibtexDownloadUrl),
    risDownloadUrl: absolute(more.risDownloadUrl),
    csvDownloadUrl: absolute(more.csvDownloadUrl),
  }
}

export const MORE_CONTENT_TYPES: Record<string, string> = Object.fromEntries(Object.entries(MORE_FILES).map(([file, f]) => [file, f.type]))

/** The four downloads of each of some documents of one user (for lists that select their own columns). */
export async function moreDownloadsFor(db: Db, userId: string, documentIds: string[]): Promise<Map<string, MoreDownloads>> {
  if (documentIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'md_key', 'bib_key', 'ris_key', 'csv_key', 'expired_at'])
    .where('user_id', '=', userId)
    .where('id', 'in', documentIds)
    .execute()
  return new Map(rows.map((r) => [r.id, moreDownloadUrls(r)]))
}

/** The component's shape (DownloadLinks). */
export function toDownloads(more: MoreDownloads | undefined) {
  return { md: more?.markdownDownloadUrl ?? null, bib: more?.bibtexDownloadUrl ?? null, ris: more?.risDownloadUrl ?? null, csv: more?.csvDownloadUrl ?? null }
}
