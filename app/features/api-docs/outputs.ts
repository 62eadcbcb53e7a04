import { body, fields, operation, type ApiArea, type Schema, type Translate } from './schema.ts'

const DOCUMENT_ID = '5d0c6f7a-3b2e-4c1d-8e9f-0a1b2c3d4e5f'
const BATCH_ID = '1748908800000-9f86d081884c'

/** The four downloads issue 15 adds to each document, and its batch (GET /api/documents, /api/documents/{id}, /api/batches/{batch_id}). */
export function moreDownloadFields(downloadUrl: (name: string, file: string) => Schema, t: Translate): Record<string, Schema> {
  return {
    markdownDownloadUrl: downloadUrl('markdownDownloadUrl', 'notes.md'),
    bibtexDownloadUrl: downloadUrl('bibtexDownloadUrl', 'references.bib'),
    risDownloadUrl: downloadUrl('risDownloadUrl', 'references.ris'),
    csvDownloadUrl: downloadUrl('csvDownloadUrl', 'annotations.csv'),
    batch_id: fields(t).string('documentBatchId', BATCH_ID),
  }
}

/** DELETE /api/documents/{id}. */
export function deleteDocumentOperation(t: Translate) {
  const f = fields(t)
  return operation(t, {
    id: 'deleteDocument',
    tag: 'documents',
    auth: 'bearer',
    parameters: [{ name: 'id', in: 'path', schema: f.string('documentId', DOCUMENT_ID, { format: 'uuid' }) }],
    success: { status: 200, schema: body({ message: f.string('message', 'Document deleted successfully') }) },
    errors: [401, 404],
  })
}

/** A batch as one piece of work: its documents and the files made across them; deleting it whole. */
export const batchesArea: ApiArea = {
  tag: 'batches',
  paths: (t) => {
    const f = fields(t)
    const batchUrl = (name: string, file: string) => f.string(name, `https://marginalia.example/batches/${BATCH_ID}/download/${file}`, { nullable: true })
    const documentUrl = (name: string, file: string) => f.string(name, `https://marginalia.example/documents/${DOCUMENT_ID}/download/${file}`, { nullable: true })
    const batchId = { name: 'batchId', in: 'path' as const, schema: f.string('batch_id', BATCH_ID) }
    return {
      '/api/batches/{batchId}': {
        get: operation(t, {
          id: 'getBatch',
          tag: 'batches',
          auth: 'bearer',
          parameters: [batchId],
          success: {
            status: 200,
            schema: body({
              batch_id: f.string('batch_id', BATCH_ID),
              createdAt: f.string('createdAt', '2025-06-03T09:30:00.000Z', { format: 'date-time' }),
              submitted: f.boolean('batchSubmitted', true),
              documents: f.array(
                'documents',
                body({
                  id: f.string('documentId', DOCUMENT_ID, { format: 'uuid' }),
                  originalFilename: f.string('originalFilename', 'lee-park-2019.pdf'),
                  uploadedAt: f.string('uploadedAt', '2025-06-03T09:30:00.000Z', { format: 'date-time' }),
                  uploadStatus: f.string('uploadStatus', 'completed'),
                  txtDownloadUrl: documentUrl('txtDownloadUrl', 'notes.txt'),
                  docxDownloadUrl: documentUrl('docxDownloadUrl', 'notes.docx'),
                  allReferencesDownloadUrl: documentUrl('allReferencesDownloadUrl', 'references.docx'),
                  ...moreDownloadFields(documentUrl, t),
                }),
              ),
              synthesisDocxDownloadUrl: batchUrl('synthesisDocxDownloadUrl', 'synthesis.docx'),
              synthesisMarkdownDownloadUrl: batchUrl('synthesisMarkdownDownloadUrl', 'synthesis.md'),
              evidenceMatrixDownloadUrl: batchUrl('evidenceMatrixDownloadUrl', 'evidence-matrix.xlsx'),
              zipDownloadUrl: batchUrl('zipDownloadUrl', 'batch.zip'),
            }),
          },
          errors: [401, 404],
        }),
        delete: operation(t, {
          id: 'deleteBatch',
          tag: 'batches',
          auth: 'bearer',
          parameters: [batchId],
          success: { status: 200, schema: body({ message: f.string('message', 'Batch deleted successfully'), deleted: f.integer('deletedCount', 3) }) },
          errors: [401, 404],
        }),
      },
    }
  },
}
