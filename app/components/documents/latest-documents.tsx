import { useTranslation } from '#app/lib/use-translation.ts'
import { DownloadLinks, downloadsOf } from '#app/components/documents/download-links.tsx'
import { LocalDateTime } from '#app/components/documents/local-date-time.tsx'
import { StatusLine } from '#app/components/documents/status-line.tsx'
import { resumeHref } from '#app/components/documents/unfinished-batches.tsx'
import type { DocumentSummary } from '#app/features/documents/queries.server.ts'

export type LatestDocument = Omit<DocumentSummary, 'batchId'>

/**
 * The newest documents as a list of cards (a table would scroll sideways on a phone), each with its
 * way forward: the downloads when finished, 'Finish categorizing' while it waits for its colours,
 * else its detail page.
 */
export function LatestDocuments({ documents, total, resume }: { documents: LatestDocument[]; total: number; resume: Record<string, string> }) {
  const { t } = useTranslation()
  return (
    <section className="latest-documents" aria-labelledby="latest-title">
      <h2 id="latest-title">{t('dashboard.latest.title')}</h2>
      {documents.length === 0 ? (
        <p className="hint">{t('dashboard.latest.empty')}</p>
      ) : (
        <ul className="latest-list">
          {documents.map((d) => (
            <li key={d.id} className="card latest-item">
              <div className="latest-body">
                <a href={`/past-extractions/${d.id}`} className="latest-file" data-in-app="" data-discover="true">
                  {d.originalFilename}
                </a>
                <span className="hint">
                  <LocalDateTime iso={d.uploadedAt} />
                </span>
                <StatusLine status={d.uploadStatus} labels="past" />
              </div>
              <LatestNext document={d} resumeBatch={resume[d.id]} />
            </li>
          ))}
        </ul>
      )}
      {total > documents.length ? (
        <p>
          <a href="/past-extractions" data-in-app="" data-discover="true">
            {t('dashboard.latest.all', { count: total })}
          </a>
        </p>
      ) : null}
    </section>
  )
}

function LatestNext({ document: d, resumeBatch }: { document: LatestDocument; resumeBatch: string | undefined }) {
  const { t } = useTranslation()
  if (d.uploadStatus === 'completed') {
    return (
      <DownloadLinks
        downloads={downloadsOf(d)}
        variant="icons"
      />
    )
  }
  if (resumeBatch) {
    return (
      <a className="button button-small" href={resumeHref(resumeBatch)} data-in-app="" data-discover="true" aria-label={t('journey.unfinished.linkLabel', { files: d.originalFilename })}>
        {t('journey.unfinished.link')}
      </a>
    )
  }
  return (
    <a href={`/past-extractions/${d.id}`} data-in-app="" data-discover="true" aria-label={t('dashboard.latest.detailsFor', { file: d.originalFilename })}>
      {t('past.viewDetails')}
    </a>
  )
}
