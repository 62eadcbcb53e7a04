import { useTranslation } from '#app/lib/use-translation.ts'
import { Link } from 'react-router'
import { LocalDateTime } from '#app/components/documents/local-date-time.tsx'

export interface UnfinishedBatchView {
  id: string
  createdAt: string
  ready: boolean
  files: string[]
}

export function resumeHref(batchId: string): string {
  return `/extractor?batch=${encodeURIComponent(batchId)}#categorize-title`
}

/** Every batch still waiting for its colours, each with a way back to it (dashboard and upload page). */
export function UnfinishedBatches({ batches, headingLevel = 2 }: { batches: UnfinishedBatchView[]; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation()
  if (batches.length === 0) return null
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <section className="card unfinished-batches" aria-labelledby="unfinished-title">
      <Heading id="unfinished-title">{t('journey.unfinished.title', { count: batches.length })}</Heading>
      <p className="hint">{t('journey.unfinished.intro')}</p>
      <ul className="unfinished-list">
        {batches.map((batch) => (
          <li key={batch.id} className="unfinished-item">
            <div className="unfinished-body">
              <span className="unfinished-files">{batch.files.join(', ')}</span>
              <span className="hint">
                {t('journey.unfinished.uploaded')} <LocalDateTime iso={batch.createdAt} /> ·{' '}
                {batch.ready ? t('journey.unfinished.ready', { count: batch.files.length }) : t('journey.unfinished.processing', { count: batch.files.length })}
              </span>
            </div>
            <Link className="button button-small" to={resumeHref(batch.id)} aria-label={t('journey.unfinished.linkLabel', { files: batch.files.join(', ') })}>
              {t('journey.unfinished.link')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
