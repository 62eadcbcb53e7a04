import { useTranslation } from '#app/lib/use-translation.ts'
import type { Route } from './+types/home'
import { FaqItem } from '#app/components/faq-item.tsx'
import { SubscribeForm } from '#app/components/subscribe-form.tsx'
import { AccountDeletedNotice } from '#app/components/your-data-section.tsx'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'
import publicStyles from '#app/styles/public.css?url'
import { pageTitle } from '#app/lib/page-title.ts'

const HOW_IT_WORKS_STEPS = ['step1', 'step2', 'step3', 'step4'] as const
const STEP_4_OUTPUTS = ['output1', 'output2', 'output3'] as const
const FAQ_QUESTIONS = ['q1', 'q2', 'q3', 'q4'] as const

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: publicStyles }]

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }, { name: 'description', content: loaderData?.description }]
}

export async function loader({ context }: Route.LoaderArgs) {
  const { t } = getInstance(context)
  const { config } = getServices(context)
  return {
    title: t('home.meta.title'),
    description: t('home.meta.description'),
    demoVideoUrl: config.demoVideoUrl ?? null,
  }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <main id="main" className="page public-page">
      <AccountDeletedNotice />
      <section id="home" className="hero" aria-labelledby="hero-title">
        <p className="eyebrow">{t('home.hero.eyebrow')}</p>
        <h1 id="hero-title">{t('home.hero.title')}</h1>
        <p className="lead">{t('home.hero.subtitle')}</p>
        <p className="actions">
          <a href="/register" className="button" data-in-app="" data-discover="true">
            {t('home.hero.startFree')}
          </a>
          <a href="#demo" className="button button-secondary">
            {t('home.hero.watchDemo')}
          </a>
        </p>
        <p className="hero-note">{t('home.hero.note')}</p>
      </section>

      <section id="updates" className="band" aria-labelledby="updates-title">
        <h2 id="updates-title">{t('home.updates.title')}</h2>
        <p>{t('home.updates.body')}</p>
        <SubscribeForm id="home-subscribe" />
      </section>

      <section id="how-it-works" aria-labelledby="how-it-works-title">
        <h2 id="how-it-works-title">{t('home.howItWorks.title')}</h2>
        <p className="section-intro">{t('home.howItWorks.intro')}</p>
        <ol className="steps-grid">
          {HOW_IT_WORKS_STEPS.map((step) => (
            <li key={step} className="step">
              <h3>{t(`home.howItWorks.${step}.title`)}</h3>
              <p>{t(`home.howItWorks.${step}.body`)}</p>
              {step === 'step4' ? (
                <ul className="outputs">
                  {STEP_4_OUTPUTS.map((output) => (
                    <li key={output}>{t(`home.howItWorks.step4.${output}`)}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      </section>

      <section id="demo" aria-labelledby="demo-title">
        <h2 id="demo-title">{t('home.demo.title')}</h2>
        <p className="section-intro">{t('home.demo.caption')}</p>
        <DemoVideo url={loaderData.demoVideoUrl} />
      </section>

      <section id="faq" aria-labelledby="faq-title">
        <h2 id="faq-title">{t('home.faq.title')}</h2>
        <div className="faq-list">
          {FAQ_QUESTIONS.map((q) => (
            <FaqItem key={q} question={t(`home.faq.${q}.question`)} answer={t(`home.faq.${q}.answer`)} />
          ))}
        </div>
      </section>

      <section className="final-cta band" aria-labelledby="cta-title">
        <h2 id="cta-title">{t('home.cta.title')}</h2>
        <p>{t('home.cta.body')}</p>
        <p className="actions">
          <a href="/register" className="button" data-in-app="" data-discover="true">
            {t('home.hero.startFree')}
          </a>
          <a href="/support" className="button button-secondary" data-in-app="" data-discover="true">
            {t('home.cta.support')}
          </a>
        </p>
      </section>
    </main>
  )
}

/** The configured video in a frame; without one, a still image with a caption, never an empty frame. */
function DemoVideo({ url }: { url: string | null }) {
  const { t } = useTranslation()
  if (url) {
    return (
      <div className="video-frame">
        <iframe
          src={url}
          title={t('home.demo.frameTitle')}
          loading="lazy"
          // A cross-origin player needs its scripts and its own origin (the rule's worry, a frame
          // that lifts its own sandbox, needs a same-origin frame); the CSP admits only this host.
          // oxlint-disable-next-line react/iframe-missing-sandbox
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
          allow="fullscreen; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    )
  }
  return (
    <figure className="demo-still">
      <img src="/images/demo-still.svg" alt={t('home.demo.stillAlt')} width={960} height={540} />
      <figcaption>{t('home.demo.stillCaption')}</figcaption>
    </figure>
  )
}
