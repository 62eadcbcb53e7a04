import { useTranslation } from '#app/lib/use-translation.ts'
import { data, Link } from 'react-router'
import type { Route } from './+types/batches.detail'
import { DownloadLinks, downloadsOf } from '#app/components/documents/download-links.tsx'
import { BackToList, DetailLoadError } from '#app/components/documents/load-error.tsx'
import { LocalDateTime } from '#app/components/documents/local-date-time.tsx'
import { StatusLine } from '#app/components/documents/status-line.tsx'
import { getBatch } from '#app/features/batches/queries.server.ts'
import { requireUser } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'
import documentsStyles from '#app/styles/documents.css?url'
import { pageTitle } from '#app/lib/page-title.ts'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: documentsStyles }]

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  const { t } = getInstance(context)
  const batch = await getBatch(getServices(context).db, user.id, params.batchId)
  if (!batch) throw data({ message: t('outputs.batch.notFound') }, { status: 404 })
  return { title: t('outputs.batch.title'), batch }
}

/** The batch as one piece of work: its papers, and the synthesis, evidence matrix and ZIP once every paper is final. */
export default function BatchDetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { batch } = loaderData
  const files = [
    { url: batch.downloads.synthesisDocxDownloadUrl, label: t('outputs.batch.synthesisDocx') },
    { url: batch.downloads.synthesisMarkdownDownloadUrl, label: t('outputs.batch.synthesisMd') },
    { url: batch.downloads.evidenceMatrixDownloadUrl, label: t('outputs.batch.evidenceMatrix') },
    { url: batch.downloads.zipDownloadUrl, label: t('outputs.batch.zip') },
  ]
  return (
    <main id="main" className="page">
      <BackToList />
      <h1>{t('outputs.batch.title')}</h1>
      <p>
        <LocalDateTime iso={batch.createdAt} /> · {t('outputs.batch.count', { count: batch.documents.length })}
      </p>
      <section aria-labelledby="batch-files-title">
        <h2 id="batch-files-title">{t('outputs.batch.files')}</h2>
        {batch.ready ? (
          <ul className="download-cards">
            {files.map((file) => (
              <li key={file.label}>
                <a className="card download-card" href={file.url as string}>
                  {file.label}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="message message-info">{t('outputs.batch.notReady')}</p>
        )}
      </section>
      <section aria-labelledby="batch-documents-title">
        <h2 id="batch-documents-title">{t('outputs.batch.documents')}</h2>
        <ul className="batch-documents">
          {batch.documents.map((d) => (
            <li key={d.id}>
              <Link to={`/past-extractions/${d.id}`}>{d.originalFilename}</Link> · <StatusLine status={d.uploadStatus} labels="past" />{' '}
              {d.uploadStatus === 'completed' ? (
                <DownloadLinks
                  downloads={downloadsOf(d)}
                  variant="icons"
                />
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <p>
        <Link className="button button-secondary" to={`/batches/${encodeURIComponent(batch.id)}/delete`}>
          {t('outputs.delete.batch.link')}
        </Link>
      </p>
    </main>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DetailLoadError error={error} notFoundKey="outputs.batch.notFound" />
}
