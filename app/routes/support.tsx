import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from '#app/lib/use-translation.ts'
import { Form } from 'react-router'
import type { Route } from './+types/support'
import { FaqItem } from '#app/components/faq-item.tsx'
import { filterFaq, translateFaq } from '#app/features/support/faq.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'
import publicStyles from '#app/styles/public.css?url'
import { pageTitle } from '#app/lib/page-title.ts'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: publicStyles }]

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }, { name: 'description', content: loaderData?.description }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { t } = getInstance(context)
  const { config } = getServices(context)
  const query = new URL(request.url).searchParams.get('q') ?? ''
  return {
    title: t('support.meta.title'),
    description: t('support.meta.description'),
    query: query.slice(0, 200),
    supportEmail: config.supportEmail,
    uploadMaxMb: config.uploadMaxMb,
  }
}

/**
 * Without JavaScript the search box is a GET form and the server renders the matching items; with
 * JavaScript the same filter runs as the visitor types.
 */
export default function Support({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [query, setQuery] = useState(loaderData.query)
  const input = useRef<HTMLInputElement>(null)
  // Words typed before the page finished loading its JavaScript are filtered as soon as it has.
  useEffect(() => {
    if (input.current) setQuery(input.current.value)
  }, [])
  const { supportEmail, uploadMaxMb } = loaderData
  const faq = useMemo(() => translateFaq(t, { email: supportEmail, maxMb: uploadMaxMb }), [t, supportEmail, uploadMaxMb])
  const matches = useMemo(() => filterFaq(faq, query), [faq, query])
  const matchCount = matches.reduce((sum, category) => sum + category.items.length, 0)
  const searching = query.trim().length > 0

  return (
    <main id="main" className="page public-page page-medium">
      <h1>{t('support.title')}</h1>
      <p className="lead">{t('support.intro')}</p>

      <search className="faq-search">
        <Form method="get" action="/support" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="faq-search-input">{t('support.search.label')}</label>
          <div className="search-row">
            <input
              id="faq-search-input"
              type="search"
              name="q"
              ref={input}
              defaultValue={loaderData.query}
              onInput={(event) => setQuery(event.currentTarget.value)}
              placeholder={t('support.search.placeholder')}
              autoComplete="off"
              maxLength={200}
            />
            <button type="submit" className="button">
              {t('support.search.submit')}
            </button>
          </div>
        </Form>
        <output className="search-status" htmlFor="faq-search-input">
          {searching ? t('support.search.count', { count: matchCount, query: query.trim() }) : ''}
        </output>
      </search>

      {matches.map((category) => (
        <section key={category.id} className="faq-category" aria-labelledby={`faq-${category.id}`}>
          <h2 id={`faq-${category.id}`}>{category.title}</h2>
          <div className="faq-list">
            {category.items.map((item) => (
              <FaqItem key={item.id} question={item.question} answer={item.answer} open={searching || undefined} />
            ))}
          </div>
        </section>
      ))}
      {searching && matchCount === 0 ? <p className="empty-state">{t('support.search.none')}</p> : null}

      <section className="contact-card band" aria-labelledby="support-contact-title">
        <h2 id="support-contact-title">{t('support.contact.title')}</h2>
        <p>{t('support.contact.body')}</p>
        <p>
          <a className="button" href={`mailto:${supportEmail}`}>
            {t('support.contact.button', { email: supportEmail })}
          </a>
        </p>
      </section>
    </main>
  )
}
