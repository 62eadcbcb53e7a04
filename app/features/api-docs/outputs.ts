import type { Schema } from './schema.ts'

/** The four downloads issue 15 adds to each document (GET /api/documents, /api/documents/{id}, /api/batches/{batch_id}). */
export function moreDownloadFields(downloadUrl: (name: string, file: string) => Schema): Record<string, Schema> {
  return {
    markdownDownloadUrl: downloadUrl('markdownDownloadUrl', 'notes.md'),
    bibtexDownloadUrl: downloadUrl('bibtexDownloadUrl', 'references.bib'),
    risDownloadUrl: downloadUrl('risDownloadUrl', 'references.ris'),
    csvDownloadUrl: downloadUrl('csvDownloadUrl', 'annotations.csv'),
  }
}
