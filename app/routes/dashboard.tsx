import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Route } from './+types/dashboard'
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
  const unfinished = await unfinishedBatches(getServices(context).db, user.id)
  return { title: getInstance(context).t('dashboard.meta.title'), firstName: user.firstName.trim(), unfinished }
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
