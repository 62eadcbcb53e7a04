import { useTranslation } from '#app/lib/use-translation.ts'
import { Link } from 'react-router'
import type { Route } from './+types/dashboard'
import { latestBatchId } from '#app/features/batches/queries.server.ts'
import { requireUser } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  const latestBatch = await latestBatchId(getServices(context).db, user.id)
  return { title: getInstance(context).t('dashboard.meta.title'), firstName: user.firstName.trim(), latestBatch }
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
