import { useTranslation } from '#app/lib/use-translation.ts'
import { pastListStatusKey, statusDot, TIMEOUT_STATUSES, uploadPageStatusKey, type DocumentStatus } from '#app/lib/document-status.ts'

/** A document's status: the coloured dot and the label of the page's label set (upload page or past list). */
export function StatusLine({ status, message, labels }: { status: string; message?: string | null; labels: 'upload' | 'past' }) {
  const { t } = useTranslation()
  const key = labels === 'upload' ? uploadPageStatusKey(status) : pastListStatusKey(status)
  const text = t(key, { message: message ?? t('categorize.error.failed') })
  const timedOut = TIMEOUT_STATUSES.includes(status as DocumentStatus)
  return (
    <span className="status-line">
      <span className={`status-dot status-dot-${statusDot(status)}`} aria-hidden="true" />
      {timedOut && labels === 'upload' ? (
        <span>
          <strong>{t('extractor.processingErrorTitle')}:</strong> {text}
        </span>
      ) : (
        <span>{labels === 'upload' && status === 'failed' && message ? t('status.upload.error', { message }) : text}</span>
      )}
    </span>
  )
}
