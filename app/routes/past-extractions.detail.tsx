import { useTranslation } from '#app/lib/use-translation.ts'
import { data, Link, redirect, useSearchParams } from 'react-router'
import type { Route } from './+types/past-extractions.detail'
import { DownloadLinks, downloadsOf } from '#app/components/documents/download-links.tsx'
import { BackToList, DetailLoadError } from '#app/components/documents/load-error.tsx'
import { LocalDateTime } from '#app/components/documents/local-date-time.tsx'
import { StatusLine } from '#app/components/documents/status-line.tsx'
import { DocumentNotes } from '#app/components/documents/document-notes.tsx'
import { DocumentOutcome } from '#app/components/documents/document-outcome.tsx'
import { documentNotes, noteFiltersFrom } from '#app/features/documents/notes.server.ts'
import { recategorize } from '#app/features/documents/recategorize.server.ts'
import { RegenerationWatch } from '#app/components/documents/regeneration-watch.tsx'
import { StatusMessage } from '#app/components/status-message.tsx'
import { isUuid } from '#app/lib/ids.ts'
import { getDocument } from '#app/features/documents/queries.server.ts'
import { awaitingCategorization } from '#app/features/documents/unfinished.server.ts'
import { categorizationChoices } from '#app/features/documents/batch.server.ts'
import { CategorizationForm } from '#app/components/documents/categorization-form.tsx'
import { requireUser } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'
import documentsStyles from '#app/styles/documents.css?url'
import journeyStyles from '#app/styles/journey.css?url'
import { pageTitle } from '#app/lib/page-title.ts'

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: documentsStyles },
  { rel: 'stylesheet', href: journeyStyles },
]

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.document.originalFilename) }]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  const { db } = getServices(context)
  const document = isUuid(params.documentId) ? await getDocument(db, user.id, params.documentId) : null
  if (!document) throw data({ message: getInstance(context).t('detail.notFound') }, { status: 404 })
  // A document waiting for its colours links back to its batch's colour section.
  const resumeBatchId = (await awaitingCategorization(db, user.id, [document]))[document.id] ?? null
  const filters = noteFiltersFrom(new URL(request.url).searchParams)
  const notes = await documentNotes(db, user.id, document.id, filters)
  const editable = document.uploadStatus === 'completed' && !document.expired
  const editCategories = editable ? await db.selectFrom('color_categories').select(['id', 'name']).orderBy('sort_order').execute() : null
  const categorization = resumeBatchId ? await categorizationChoices(db, user.id, resumeBatchId) : null
  return { document, resumeBatchId, notes, filters, editCategories, categorization }
}

/** A new category for one highlight or one colour of this document; its downloads are generated again. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context)
  const { t } = getInstance(context)
  const form = await request.formData()
  if (!isUuid(params.documentId) || form.get('intent') !== 'recategorize') throw data({ message: t('detail.notFound') }, { status: 404 })
  const annotationId = String(form.get('annotation_id') ?? '')
  const color = String(form.get('color') ?? '')
  const target = /^\d{1,18}$/.test(annotationId) ? { annotationId } : /^#[0-9a-f]{6}$/.test(color) ? { color } : null
  const categoryId = Number(form.get('category_id'))
  const result = target ? await recategorize(getServices(context), user.id, params.documentId, target, categoryId) : { ok: false as const, problem: 'notFound' as const }
  if (!result.ok) return data({ error: t(`journey.recategorize.${result.problem}`) }, { status: result.problem === 'notFound' ? 404 : 409 })
  return redirect(`/past-extractions/${params.documentId}?changed=1#notes-title`)
}

export default function ExtractionDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { document } = loaderData
  const completed = document.uploadStatus === 'completed'
  const changed = useSearchParams()[0].get('changed') === '1'
  const regenerating = ['categorization_submitted_pending_ps2', 'submitted', 'processing_downloads'].includes(document.uploadStatus)
  return (
    <main id="main" className="page">
      <BackToList />
      <h1>{document.originalFilename}</h1>
      <p>
        <LocalDateTime iso={document.createdAt} /> · <StatusLine status={document.uploadStatus} labels="past" />
      </p>
      <p className="document-actions">
        <Link to={`/batches/${encodeURIComponent(document.batchId)}`}>{t('outputs.batch.link')}</Link> ·{' '}
        <Link to={`/past-extractions/${document.id}/delete`}>{t('outputs.delete.document.link')}</Link>
      </p>
      <RegenerationWatch active={regenerating} />
      <StatusMessage message={actionData?.error ? { text: actionData.error, success: false } : changed ? { text: t('journey.notes.changed'), success: true } : null} />
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
                downloads={downloadsOf(document)}
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
      {loaderData.notes.total > 0 || completed ? (
        <DocumentNotes
          documentId={document.id}
          citation={document.citation}
          filters={loaderData.filters}
          editCategories={loaderData.editCategories}
          groupByColor={loaderData.categorization !== null}
          {...loaderData.notes}
        />
      ) : null}
      {loaderData.resumeBatchId && loaderData.categorization ? (
        // The colours are the whole batch's: the form posts to the batch, whose page then shows the downloads.
        <CategorizationForm batchId={loaderData.resumeBatchId} colors={loaderData.categorization.colors} categories={loaderData.categorization.categories} submitted={false} error={null} focusOnMount={false} />
      ) : null}
    </main>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DetailLoadError error={error} notFoundKey="detail.notFound" />
}
