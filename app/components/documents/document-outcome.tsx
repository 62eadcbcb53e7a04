import { useTranslation } from '#app/lib/use-translation.ts'
import { Link } from 'react-router'
import { resumeHref } from '#app/components/documents/unfinished-batches.tsx'
import { TIMEOUT_STATUSES, type DocumentStatus } from '#app/lib/document-status.ts'

/**
 * What a document that is not completed tells its reader on the detail page: waiting for its colours
 * (with the way back), stopped (the engine's sentence and what to do), or really still in progress.
 */
export function DocumentOutcome({ status, message, resumeBatchId }: { status: string; message: string | null; resumeBatchId: string | null }) {
  const { t } = useTranslation()
  if (resumeBatchId) {
    return (
      <div className="message message-info">
        <p>{t('journey.detail.awaiting')}</p>
        <p>
          <Link className="button button-small" to={resumeHref(resumeBatchId)}>
            {t('journey.unfinished.link')}
          </Link>
        </p>
      </div>
    )
  }
  const timedOut = TIMEOUT_STATUSES.includes(status as DocumentStatus)
  if (status === 'failed' || status === 'error' || timedOut) {
    const reason = message ?? (timedOut ? t(`journey.detail.timeout.${status}`) : t('categorize.error.failed'))
    return (
      <div className="message message-error" role="alert">
        <h2 className="message-title">{timedOut ? t('journey.detail.timedOutTitle') : t('journey.detail.failedTitle')}</h2>
        <p>{reason}</p>
        <p>{status === 'ps2_timeout' ? t('journey.detail.whatToDoGenerate') : t('journey.detail.whatToDo')}</p>
        <p>
          <Link className="button button-small" to="/extractor">
            {t('journey.detail.uploadAgain')}
          </Link>{' '}
          <Link to="/support">{t('journey.detail.support')}</Link>
        </p>
      </div>
    )
  }
  return <p className="message message-info">{t('detail.stillProcessing')}</p>
}
