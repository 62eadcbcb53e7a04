import { DOCUMENT_STATUSES } from '#app/lib/document-status.ts'
import { deleteDocumentOperation, moreDownloadFields } from './outputs.ts'
import { body, fields, operation, type ApiArea } from './schema.ts'

// The server's upload_status values: the spec's list less `error`, which only a client sets.
const UPLOAD_STATUSES = DOCUMENT_STATUSES.filter((status) => status !== 'error')

/** Uploading PDFs, following their processing, categorizing their colours, and listing them. */
export const documentsArea: ApiArea = {
  tag: 'documents',
  paths: (t) => {
    const f = fields(t)
    const tag = 'documents'
    const documentId = '5d0c6f7a-3b2e-4c1d-8e9f-0a1b2c3d4e5f'
    const downloadUrl = (name: string, file: string) =>
      f.string(name, `https://marginalia.example/documents/${documentId}/download/${file}`, { nullable: true })
    const downloads = {
      txtDownloadUrl: downloadUrl('txtDownloadUrl', 'notes.txt'),
      docxDownloadUrl: downloadUrl('docxDownloadUrl', 'notes.docx'),
      allReferencesDownloadUrl: downloadUrl('allReferencesDownloadUrl', 'references.docx'),
      ...moreDownloadFields(downloadUrl, t),
    }
    const uploadStatus = f.string('uploadStatus', 'completed', { enum: UPLOAD_STATUSES })
    const reference = body({
      id: f.string('referenceId', '42'),
      categorization_tag: f.string('categorization_tag', 'Reference'),
      reference_text: f.string('reference_text', 'Lee, J., & Park, S. (2019). Reading with purpose. Journal of Study, 12(3), 45–67.'),
      annotation_text: f.string('annotation_text', 'Lee, J., & Park, S. (2019). Reading with purpose. Journal of Study, 12(3), 45–67.'),
      reference_url: f.string('reference_url', 'https://doi.org/10.1234/js.2019.045', { nullable: true }),
      is_split_reference: f.boolean('is_split_reference', false),
      children: f.array(
        'children',
        body({
          reference_text: f.string('childReferenceText', 'Smith, A. (2020). Margins. Press.'),
          reference_url: f.string('reference_url', 'https://doi.org/10.5678/m.2020', { nullable: true }),
        }),
      ),
    })
    return {
      '/api/upload': {
        post: operation(t, {
          id: 'upload',
          tag,
          auth: 'bearer',
          requestContentType: 'multipart/form-data',
          requestBody: body(
            {
              pdf_file: f.string('pdf_file', 'paper.pdf', { format: 'binary' }),
              reference_style_id: f.integer('reference_style_id', 1),
              batch_id: f.string('batch_id', '1748908800000-9f86d081884c'),
            },
            ['pdf_file', 'reference_style_id'],
          ),
          success: {
            status: 201,
            schema: body({
              document_id: f.string('document_id', documentId, { format: 'uuid' }),
              document_ids: f.array('document_ids', { type: 'string', format: 'uuid', example: documentId }),
              batch_id: f.string('batch_id', '1748908800000-9f86d081884c'),
              message: f.string('message', 'File uploaded successfully'),
            }),
          },
          errors: [400, 401, 409, 413],
        }),
      },
      '/api/documents': {
        get: operation(t, {
          id: 'listDocuments',
          tag,
          auth: 'bearer',
          parameters: [
            { name: 'page', in: 'query', schema: f.integer('listPage', 1) },
            { name: 'per_page', in: 'query', schema: f.integer('per_page', 10, { enum: ['10', '20', '50'] }) },
            { name: 'sort_by', in: 'query', schema: f.string('sort_by', 'uploaded_at', { enum: ['uploaded_at', 'original_filename'] }) },
            { name: 'sort_order', in: 'query', schema: f.string('sort_order', 'desc', { enum: ['desc', 'asc'] }) },
          ],
          success: {
            status: 200,
            schema: body({
              documents: f.array(
                'documents',
                body({
                  id: f.string('documentId', documentId, { format: 'uuid' }),
                  originalFilename: f.string('originalFilename', 'lee-park-2019.pdf'),
                  uploadedAt: f.string('uploadedAt', '2025-06-03T09:30:00.000Z', { format: 'date-time' }),
                  uploadStatus,
                  ...downloads,
                }),
              ),
              total_documents: f.integer('total_documents', 1),
              total_pages: f.integer('total_pages', 1),
              page: f.integer('listPage', 1),
              per_page: f.integer('per_page', 10),
            }),
          },
          errors: [401],
        }),
      },
      '/api/documents/{id}': {
        get: operation(t, {
          id: 'getDocument',
          tag,
          auth: 'bearer',
          parameters: [{ name: 'id', in: 'path', schema: f.string('documentId', documentId, { format: 'uuid' }) }],
          success: {
            status: 200,
            schema: body({
              id: f.string('documentId', documentId, { format: 'uuid' }),
              originalFilename: f.string('originalFilename', 'lee-park-2019.pdf'),
              createdAt: f.string('createdAt', '2025-06-03T09:30:00.000Z', { format: 'date-time' }),
              uploadedAt: f.string('uploadedAt', '2025-06-03T09:30:00.000Z', { format: 'date-time' }),
              uploadStatus,
              statusMessage: f.string('statusMessage', 'This PDF is encrypted and cannot be read.', { nullable: true, example: null }),
              extractedColorsJson: f.array('extractedColorsJson', { type: 'string', example: '#ffd966' }),
              pageNumbers: f.array('pageNumbers', { type: 'integer', example: 14 }),
              extractedApaReference: f.string(
                'extractedApaReference',
                'Lee, J., & Park, S. (2021). Annotated reading in practice. Journal of Study, 14(2), 101–120.',
                { nullable: true },
              ),
              ...downloads,
              references: f.array('references', reference),
              annotations: f.array('annotations', reference),
              highlights: f.array(
                'highlights',
                body({
                  id: f.string('highlightId', '7'),
                  type: f.string('highlightType', 'highlight'),
                  page: f.integer('highlightPage', 14),
                  pageLabel: f.string('pageLabel', '102', { nullable: true }),
                  color: f.string('hex', '#ffd966'),
                  text: f.string('highlightText', 'Readers who annotate recall more of the argument a week later.'),
                  comment: f.string('comment', 'Compare with Smith 2020', { nullable: true }),
                  category: f.string('category_name', 'Key finding', { nullable: true }),
                }),
              ),
            }),
          },
          errors: [401, 404],
        }),
        delete: deleteDocumentOperation(t),
      },
      '/api/submit-extraction': {
        post: operation(t, {
          id: 'submitExtraction',
          tag,
          auth: 'bearer',
          requestBody: body({
            document_id: f.string('document_id', documentId, { format: 'uuid' }),
            selected_categorizations: f.array(
              'selected_categorizations',
              body(
                {
                  hex: f.string('hex', '#ffd966'),
                  category_id: f.integer('category_id', 1),
                  category_name: f.string('category_name', 'Key finding'),
                },
                ['hex', 'category_id'],
              ),
            ),
          }),
          success: { status: 200, schema: body({ message: f.string('message', 'Categorization submitted successfully') }) },
          errors: [400, 401, 404, 409],
        }),
      },
    }
  },
}
