import { data } from 'react-router'
import { useTranslation } from '#app/lib/use-translation.ts'
import type { Route } from './+types/not-found'
import { getInstance } from '#app/server/i18n.server.ts'
import { pageTitle } from '#app/lib/page-title.ts'

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }]
}

export async function loader({ context }: Route.LoaderArgs) {
  return data({ title: getInstance(context).t('error.notFound.title') }, { status: 404 })
}

export async function action({ context }: Route.ActionArgs) {
  return data({ title: getInstance(context).t('error.notFound.title') }, { status: 404 })
}

export default function NotFound() {
  const { t } = useTranslation()
  return (
    <main id="main" className="page page-narrow">
      <h1>{t('error.notFound.title')}</h1>
      <p>{t('error.notFound.body')}</p>
      <p>
        <a href="/">{t('error.backHome')}</a>
      </p>
    </main>
  )
}
