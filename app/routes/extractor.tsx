import { useEffect, useEffectEvent, useRef } from 'react'
import { useTranslation } from '#app/lib/use-translation.ts'
import { data, Link, redirect, useLocation, useRevalidator, useSearchParams } from 'react-router'
import type { Route } from './+types/extractor'
import { CategorizationForm } from '#app/components/documents/categorization-form.tsx'
import { LoadError } from '#app/components/documents/load-error.tsx'
import { StatusMessage } from '#app/components/status-message.tsx'
import { DownloadLinks } from '#app/components/documents/download-links.tsx'
import { StatusLine } from '#app/components/documents/status-line.tsx'
import { RefreshEvery } from '#app/components/documents/regeneration-watch.tsx'
import { UnfinishedBatches } from '#app/components/documents/unfinished-batches.tsx'
import { UploadForm } from '#app/components/documents/upload-form.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { batchColors, submitCategorization } from '#app/features/documents/batch.server.ts'
import { RefusedFiles, refusedFrom, refusedQuery } from '#app/components/documents/refused-files.tsx'
import { loadExtractor } from '#app/features/documents/extractor.server.ts'
import { setOutputLanguage } from '#app/features/documents/output-language.server.ts'
import { unfinishedBatches } from '#app/features/documents/unfinished.server.ts'
import { BATCH_ID, CategorizationSchema } from '#app/features/documents/schema.ts'
import { receiveUpload } from '#app/features/documents/upload.server.ts'
import { requireUser } from '#app/server/auth.server.ts'
import { getInstance, getLocale } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'
import documentsStyles from '#app/styles/documents.css?url'
import journeyStyles from '#app/styles/journey.css?url'
import { pageTitle } from '#app/lib/page-title.ts'

/** Multipart PDF uploads, streamed, up to the upload limit (other bodies are capped at 1 MB). */
export const acceptsUploads = true

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: documentsStyles },
  { rel: 'stylesheet', href: journeyStyles },
]

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  const { db, config } = getServices(context)
  const requested = new URL(request.url).searchParams.get('batch')
  // Not a batch id at all: the page without a batch, like an unknown one.
  const batchId = requested && BATCH_ID.test(requested) ? requested : null
  const page = await loadExtractor(db, user.id, batchId)
  // Without a batch, the page offers every batch still waiting for its colours (the researcher may have left one).
  const unfinished = page.batch ? [] : await unfinishedBatches(db, user.id)
  return { ...page, unfinished, maxMb: config.uploadMaxMb, title: getInstance(context).t('extractor.meta.title') }
}

type ExtractorActionData = {
  uploadError: string | null
  categorizeError: string | null
  choices?: Record<string, number> | null
  missing?: string[] | null
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context)
  const services = getServices(context)
  const { t } = getInstance(context)
  if (request.headers.get('Content-Type')?.startsWith('multipart/form-data')) {
    const result = await receiveUpload({ ...services, maxMb: services.config.uploadMaxMb }, request, user.id, { keepGoodFiles: true })
    if (!result.ok) return data<ExtractorActionData>({ uploadError: t(result.key, result.values), categorizeError: null }, { status: result.status })
    return redirect(`/extractor?batch=${encodeURIComponent(result.batchId)}${refusedQuery(result.refused ?? [])}`)
  }
  const form = await request.formData()
  const parsed = CategorizationSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) return data<ExtractorActionData>({ uploadError: null, categorizeError: t('categorize.error.noDocuments') }, { status: 400 })
  const choices = new Map<string, number>()
  for (const [name, value] of form) {
    const hex = /^color_([0-9a-f]{6})$/.exec(name)?.[1]
    if (hex && typeof value === 'string' && value) choices.set(`#${hex}`, Number(value))
  }
  await setOutputLanguage(services.db, user.id, { batchId: parsed.data.batch_id }, getLocale(context))
  const result = await submitCategorization(services, user.id, { batchId: parsed.data.batch_id }, choices)
  if (!result.ok) {
    const status = result.problem === 'alreadySubmitted' ? 409 : 400
    // The choices come back with the refusal, and the colours still open are named.
    const missing =
      result.problem === 'incomplete' ? (await batchColors(services.db, user.id, parsed.data.batch_id)).colors.map((c) => c.hex).filter((hex) => !choices.has(hex)) : []
    return data<ExtractorActionData>(
      { uploadError: null, categorizeError: t(`categorize.error.${result.problem}`), choices: Object.fromEntries(choices), missing },
      { status },
    )
  }
  return redirect(`/extractor?batch=${encodeURIComponent(parsed.data.batch_id)}`)
}

/**
 * Live status: Server-Sent Events trigger a reload of the page's data (a burst of events, one reload
 * after the last); if the stream fails, a 2-second poll. A slow poll backs the stream up: a change
 * that lands while a reload is in flight is never left unshown.
 */
function useLiveStatus(active: boolean) {
  const revalidator = useRevalidator()
  const refresh = useEffectEvent(() => void revalidator.revalidate())
  useEffect(() => {
    if (!active) return
    let poll: ReturnType<typeof setInterval> | undefined
    let soon: ReturnType<typeof setTimeout> | undefined
    const safety = setInterval(() => refresh(), 5_000)
    const events = new EventSource('/extractor/events')
    events.addEventListener('message', () => {
      clearTimeout(soon)
      soon = setTimeout(() => refresh(), 150)
    })
    events.addEventListener('error', () => {
      events.close()
      poll ??= setInterval(() => refresh(), 2_000)
    })
    return () => {
      events.close()
      clearInterval(poll)
      clearInterval(safety)
      clearTimeout(soon)
    }
  }, [active])
}

export default function Extractor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const { batch } = loaderData
  // Files of an upload that were refused (the others went through and are listed below), with the server's reasons.
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const refused = refusedFrom(searchParams)
  const downloadsRef = useRef<HTMLElement>(null)
  useLiveStatus(Boolean(batch && (batch.inProgress || batch.awaitingCategorization)))
  const anyCompleted = batch?.anyCompleted ?? false
  useEffect(() => {
    if (!anyCompleted) return
    downloadsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
    // Focus moves to the heading of what appeared, so a screen reader announces it.
    downloadsRef.current?.querySelector<HTMLElement>('#downloads-title')?.focus({ preventScroll: true })
  }, [anyCompleted])

  return (
    <main id="main" className="page">
      <h1>{t('extractor.title')}</h1>
      {batch ? null : (
        <>
          <p className="lead">{t('extractor.intro')}</p>
          <UnfinishedBatches batches={loaderData.unfinished} />
          <UploadForm
            styles={loaderData.styles}
            defaultStyleId={loaderData.defaultStyleId}
            maxMb={loaderData.maxMb}
            error={actionData?.uploadError ?? null}
          />
        </>
      )}

      {batch ? (
        <>
          <RefusedFiles refused={refused} maxMb={loaderData.maxMb} />
          {batch.inProgress && !hydrated ? (
            <>
              <RefreshEvery seconds={2} url={location.pathname + location.search} />
              <p className="hint">{t('extractor.refreshNote')}</p>
            </>
          ) : null}
          {anyCompleted ? (
            <section id="downloads" ref={downloadsRef} aria-labelledby="downloads-title">
              <h2 id="downloads-title" tabIndex={-1}>{t('downloads.title')}</h2>
              <p>
                <Link to={`/batches/${encodeURIComponent(batch.id)}`}>{t('outputs.batch.link')}</Link>
              </p>
              {batch.documents
                .filter((d) => d.status === 'completed')
                .map((d) => (
                  <div key={d.id} className="card download-section">
                    <h3>{d.filename}</h3>
                    <DownloadLinks downloads={d.downloads} variant="cards" />
                  </div>
                ))}
            </section>
          ) : null}

          <section aria-labelledby="batch-title">
            <h2 id="batch-title">{t('extractor.batchTitle')}</h2>
            <ul className="batch-list" aria-live="polite">
              {batch.documents.map((d) => (
                <li key={d.id} className="batch-row">
                  <span className="batch-file">{d.filename}</span>
                  <StatusLine status={d.status} message={d.message} labels="upload" />
                </li>
              ))}
            </ul>
          </section>

          {(batch.awaitingCategorization || batch.submitted) && !anyCompleted ? (
            <CategorizationForm
              batchId={batch.id}
              colors={batch.colors}
              categories={loaderData.categories}
              submitted={batch.submitted}
              error={actionData?.categorizeError ?? null}
              choices={actionData?.choices ?? null}
              missing={actionData?.missing ?? null}
            />
          ) : null}

          {actionData?.categorizeError && anyCompleted ? (
            <StatusMessage message={{ text: actionData.categorizeError, success: false }} />
          ) : null}

          {!batch.inProgress && !batch.awaitingCategorization ? (
            <p>
              <Link to="/extractor" className="button button-secondary">
                {t('extractor.newBatch')}
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
    </main>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation()
  return (
    <main id="main" className="page">
      <h1>{t('extractor.title')}</h1>
      <LoadError error={error} fallbackKey="upload.error.setupFailed" networkKey="upload.error.setupNetwork" />
    </main>
  )
}
