import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Route } from './+types/home'
import { getInstance } from '#app/server/i18n.server.ts'

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: 'description', content: loaderData?.description }]
}

export async function loader({ context }: Route.LoaderArgs) {
  const { t } = getInstance(context)
  return { title: t('home.meta.title'), description: t('home.meta.description') }
}

export default function Home() {
  const { t } = useTranslation()
  return (
    <main id="main" className="page">
      <section id="home" className="hero">
        <h1>{t('home.hero.title')}</h1>
        <p className="lead">{t('home.hero.subtitle')}</p>
        <p className="actions">
          <Link to="/register" className="button">
            {t('home.hero.startFree')}
          </Link>
          <a href="#demo" className="button button-secondary">
            {t('home.hero.watchDemo')}
          </a>
        </p>
      </section>
      <section id="how-it-works" aria-labelledby="how-it-works-title">
        <h2 id="how-it-works-title">{t('home.howItWorks.title')}</h2>
        <ol className="steps">
          <li>{t('home.howItWorks.step1')}</li>
          <li>{t('home.howItWorks.step2')}</li>
          <li>{t('home.howItWorks.step3')}</li>
          <li>{t('home.howItWorks.step4')}</li>
        </ol>
      </section>
      <section id="demo" aria-labelledby="demo-title">
        <h2 id="demo-title">{t('home.demo.title')}</h2>
        <p>{t('home.demo.caption')}</p>
      </section>
    </main>
  )
}
