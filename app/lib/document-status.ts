/** The spec's document `uploadStatus` values (000 §4), in pipeline order. */
export const DOCUMENT_STATUSES = [
  'uploading',
  'uploaded',
  'processing_apa',
  'apa_extracted',
  'processing_colors',
  'colors_extracted',
  'processing_annotations',
  'raw_annotations_inserted',
  'categorization_submitted_pending_ps2',
  'submitted',
  'processing_downloads',
  'completed',
  'failed',
  'error',
  'ps1_timeout',
  'make1_timeout',
  'ps2_timeout',
] as const

export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number]

export const TIMEOUT_STATUSES: readonly DocumentStatus[] = ['ps1_timeout', 'make1_timeout', 'ps2_timeout']

/** Work is finished (for good or ill): polling and refreshing stop. */
export const SETTLED_STATUSES: readonly DocumentStatus[] = ['completed', 'failed', 'error', ...TIMEOUT_STATUSES]

export function isSettled(status: string): boolean {
  return SETTLED_STATUSES.includes(status as DocumentStatus)
}

export function isReadyForCategorization(status: string): boolean {
  return status === 'raw_annotations_inserted'
}

/** The upload page's label set (000 §4 "Status labels on the upload page"), as i18n keys. */
export function uploadPageStatusKey(status: string): string {
  switch (status) {
    case 'uploading':
      return 'status.upload.uploading'
    case 'processing_colors':
      return 'status.upload.extractingColors'
    case 'processing_apa':
      return 'status.upload.extractingReferences'
    case 'processing_annotations':
    case 'raw_annotations_inserted':
      return 'status.upload.nearlyThere'
    case 'categorization_submitted_pending_ps2':
      return 'status.upload.categorizationReceived'
    case 'submitted':
    case 'processing_downloads':
      return 'status.upload.generatingDownloads'
    case 'completed':
      return 'status.upload.downloadsReady'
    case 'ps1_timeout':
      return 'status.upload.ps1Timeout'
    case 'make1_timeout':
      return 'status.upload.make1Timeout'
    case 'ps2_timeout':
      return 'status.upload.ps2Timeout'
    case 'failed':
    case 'error':
      return 'status.upload.error'
    default:
      return 'status.upload.processing'
  }
}

/** The past-extractions list's label set (000 §4 "Status labels in the past list"), as i18n keys. */
export function pastListStatusKey(status: string): string {
  switch (status) {
    case 'uploading':
      return 'status.past.uploading'
    case 'uploaded':
      return 'status.past.fileSaved'
    case 'processing_apa':
      return 'status.past.extractingReferences'
    case 'apa_extracted':
      return 'status.past.referencesExtracted'
    case 'processing_colors':
      return 'status.past.extractingColors'
    case 'processing_annotations':
      return 'status.past.processingAnnotations'
    case 'raw_annotations_inserted':
      return 'status.past.readyForCategorization'
    case 'categorization_submitted_pending_ps2':
      return 'status.past.processingCategorization'
    case 'submitted':
    case 'processing_downloads':
      return 'status.past.generatingDownloads'
    case 'completed':
      return 'status.past.ready'
    case 'failed':
      return 'status.past.failed'
    default:
      return 'status.past.processing'
  }
}

export type StatusDot = 'green' | 'red' | 'teal' | 'amber'

/** Green for completed, red for failed, teal for submitted, otherwise amber (000 §4). */
export function statusDot(status: string): StatusDot {
  if (status === 'completed') return 'green'
  if (status === 'failed') return 'red'
  if (status === 'submitted') return 'teal'
  return 'amber'
}
