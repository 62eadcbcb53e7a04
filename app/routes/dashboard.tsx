import { useTranslation } from '#app/lib/use-translation.ts'
import { Link } from 'react-router'
import type { Route } from './+types/dashboard'
import { latestBatchId } from '#app/features/batches/queries.server.ts'
import { UnfinishedBatches } from '#app/components/documents/unfinished-batches.tsx'
import { unfinishedBatches } from '#app/features/documents/unfinished.server.ts'
import { requireUser } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'
import documentsStyles from '#app/styles/documents.css?url'
import journeyStyles from '#app/styles/journey.css?url'

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: documentsStyles },
  { rel: 'stylesheet', href: journeyStyles },
]

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  const { db } = getServices(context)
  const [latestBatch, unfinished] = await Promise.all([latestBatchId(db, user.id), unfinishedBatches(db, user.id)])
  return { title: getInstance(context).t('dashboard.meta.title'), firstName: user.firstName.trim(), latestBatch, unfinished }
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
      {loaderData.latestBatch ? (
        <p>
          <Link to={`/batches/${encodeURIComponent(loaderData.latestBatch)}`}>{t('outputs.batch.latest')}</Link>
        </p>
      ) : null}
      <ul className="card-grid">
        {CARDS.map((card) => (
          <li key={card.key} className="card">
            <h2>
              <Link to={card.to}>{t(`dashboard.card.${card.key}.title`)}</Link>
            </h2>
            <p>{t(`dashboard.card.${card.key}.text`)}</p>
          </li>
        ))}
      </ul>
    </main>
  )
}
