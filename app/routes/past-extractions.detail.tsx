import { useTranslation } from 'react-i18next'
import { data, isRouteErrorResponse, Link } from 'react-router'
import type { Route } from './+types/past-extractions.detail'
import { DownloadLinks } from '#app/components/documents/download-links.tsx'
import { LoadError } from '#app/components/documents/load-error.tsx'
import { LocalDateTime } from '#app/components/documents/local-date-time.tsx'
import { StatusLine } from '#app/components/documents/status-line.tsx'
import { DocumentOutcome } from '#app/components/documents/document-outcome.tsx'
import { isUuid } from '#app/lib/ids.ts'
import { getDocument } from '#app/features/documents/queries.server.ts'
import { awaitingCategorization } from '#app/features/documents/unfinished.server.ts'
import { requireUser } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'
import documentsStyles from '#app/styles/documents.css?url'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: documentsStyles }]

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.document.originalFilename} · Marginalia` : 'Marginalia' }]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  const { db } = getServices(context)
  const document = isUuid(params.documentId) ? await getDocument(db, user.id, params.documentId) : null
  if (!document) throw data({ message: getInstance(context).t('detail.notFound') }, { status: 404 })
  // A document waiting for its colours links back to its batch's colour section.
  const resumeBatchId = (await awaitingCategorization(db, user.id, [document.id]))[document.id] ?? null
  return { document, resumeBatchId }
}

export default function ExtractionDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { document } = loaderData
  const completed = document.uploadStatus === 'completed'
  return (
    <main id="main" className="page">
      <p>
        <Link to="/past-extractions">← {t('detail.back')}</Link>
      </p>
      <h1>{document.originalFilename}</h1>
      <p>
        <LocalDateTime iso={document.createdAt} /> · <StatusLine status={document.uploadStatus} labels="past" />
      </p>
      {!completed ? (
        <DocumentOutcome status={document.uploadStatus} message={document.statusMessage} resumeBatchId={loaderData.resumeBatchId} />
      ) : (
        <>
          <section aria-labelledby="downloads-title">
            <h2 id="downloads-title">{t('downloads.title')}</h2>
            {document.expired ? (
              <p>{t('downloads.expired')}</p>
            ) : (
              <DownloadLinks
                downloads={{ txt: document.txtDownloadUrl, docx: document.docxDownloadUrl, references: document.allReferencesDownloadUrl }}
                variant="cards"
              />
            )}
          </section>
          <section aria-labelledby="references-title">
            <h2 id="references-title">{t('detail.references')}</h2>
            {document.references.length === 0 ? <p>{t('detail.noReferences')}</p> : null}
            <ul className="reference-list">
              {document.references.flatMap((reference) =>
                (reference.isSplitReference ? reference.children : [reference]).map((item, i) => (
                  <li key={`${reference.id}-${i}`}>
                    <span>{item.referenceText}</span>
                    {item.referenceUrl ? (
                      <a className="button button-small" href={item.referenceUrl} target="_blank" rel="noopener noreferrer">
                        {t('detail.download')}
                      </a>
                    ) : null}
                  </li>
                )),
              )}
            </ul>
          </section>
        </>
      )}
    </main>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <main id="main" className="page">
      <p>
        <Link to="/past-extractions">← {t('detail.back')}</Link>
      </p>
      {notFound ? <h1>{t('detail.notFound')}</h1> : <LoadError error={error} fallbackKey="detail.error.load" networkKey="detail.error.network" />}
    </main>
  )
}
