import { useTranslation } from '#app/lib/use-translation.ts'
import type { Route } from './+types/dashboard'
import { latestBatchId } from '#app/features/batches/queries.server.ts'
import { LatestDocuments } from '#app/components/documents/latest-documents.tsx'
import { UnfinishedBatches } from '#app/components/documents/unfinished-batches.tsx'
import { UploadForm } from '#app/components/documents/upload-form.tsx'
import { loadDashboard } from '#app/features/documents/dashboard.server.ts'
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
  return [{ title: pageTitle(loaderData?.title) }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  const { db, config } = getServices(context)
  const [page, latestBatch] = await Promise.all([loadDashboard(db, user.id), latestBatchId(db, user.id)])
  return { ...page, latestBatch, maxMb: config.uploadMaxMb, firstName: user.firstName.trim(), title: getInstance(context).t('dashboard.meta.title') }
}

const CARDS = [
  { to: '/extractor', key: 'upload' },
  { to: '/past-extractions', key: 'pastExtractions' },
  { to: '/account-settings', key: 'account' },
  { to: '/support', key: 'support' },
] as const

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <main id="main" className="page">
      <h1>{loaderData.firstName ? t('dashboard.greeting', { firstName: loaderData.firstName }) : t('dashboard.greetingAnonymous')}</h1>
      <p className="lead">{t('dashboard.intro')}</p>
      <UnfinishedBatches batches={loaderData.unfinished} />
      <div className="dashboard-columns">
        <section aria-labelledby="quick-upload-title">
          <h2 id="quick-upload-title">{t('dashboard.quickUpload.title')}</h2>
          <UploadForm styles={loaderData.styles} defaultStyleId={loaderData.defaultStyleId} maxMb={loaderData.maxMb} error={null} />
        </section>
        <div>
          <LatestDocuments documents={loaderData.latest} total={loaderData.totalDocuments} resume={loaderData.resume} />
          {loaderData.latestBatch ? (
            <p>
              <a href={`/batches/${encodeURIComponent(loaderData.latestBatch)}`} data-in-app="" data-discover="true">
                {t('outputs.batch.latest')}
              </a>
            </p>
          ) : null}
        </div>
      </div>
      <ul className="card-grid">
        {CARDS.map((card) => (
          <li key={card.key} className="card">
            <h2>
              <a href={card.to} data-in-app="" data-discover="true">
                {t(`dashboard.card.${card.key}.title`)}
              </a>
            </h2>
            <p>{t(`dashboard.card.${card.key}.text`)}</p>
          </li>
        ))}
      </ul>
    </main>
  )
}
