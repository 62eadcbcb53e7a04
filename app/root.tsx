import { useEffect } from 'react'
import { useTranslation } from '#app/lib/use-translation.ts'
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import { MobileBanner } from './components/mobile-banner.tsx'
import { SiteFooter } from './components/site-footer.tsx'
import { SiteHeader } from './components/site-header.tsx'
import { ensureTexts } from './lib/client-texts.ts'
import { useInAppLinks } from './lib/in-app-links.ts'
import { DEFAULT_LANGUAGE } from './lib/i18n.ts'
import { pageTextNamespaces } from './lib/text-namespaces.ts'
import { getInstance, getLocale, i18nextMiddleware } from './server/i18n.server.ts'
import { getLanguageState } from './server/languages.server.ts'
import { databaseAnswers, isDatabaseUnavailable, outageResponse } from './server/outage.server.ts'
import { getServices, requestInfoContext } from './server/services.server.ts'
import { clearSessionCookie, getSessionUser, readSessionId } from './server/session.server.ts'
import stylesheet from './styles/app.css?url'
import formsStylesheet from './styles/forms.css?url'

/**
 * A request that fails because the database went away while it ran (the HTTP server's outage
 * guard answers the others before they get here) gets the same 503 outage answer, not a 500.
 */
const databaseOutage: Route.MiddlewareFunction = async ({ request, context }, next) => {
  const outage = () => outageResponse({ url: request.url, cookie: request.headers.get('Cookie'), nonce: context.get(requestInfoContext).nonce })
  let response: Response
  try {
    response = (await next()) as Response
  } catch (error) {
    if (isDatabaseUnavailable(error) || !(await databaseAnswers(getServices(context).db))) return outage()
    throw error
  }
  if (response.status >= 500 && !(await databaseAnswers(getServices(context).db))) {
    await response.body?.cancel().catch(() => {})
    return outage()
  }
  return response
}

export const middleware: Route.MiddlewareFunction[] = [databaseOutage, i18nextMiddleware]

/** A navigation in the browser loads the translation namespaces of the page it goes to, beside its data. */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ pattern }, next) => {
    const texts = ensureTexts(pageTextNamespaces(pattern))
    const result = await next()
    await texts
    return result
  },
]

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'stylesheet', href: formsStylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  const { db, config } = getServices(context)
  const [user, languageState] = await Promise.all([
    getSessionUser(db, request, config.secureCookies),
    getLanguageState(db),
  ])
  // A cookie whose session has expired or was revoked is cleared.
  const staleCookie = !user && (await readSessionId(request, config.secureCookies)) !== null
  const t = getInstance(context).t
  return data(
    {
      locale: getLocale(context),
      defaultLanguage: languageState.defaultCode,
      translationsVersion: languageState.version,
      // The translation namespaces the browser loads for this page (app/lib/client-texts.ts).
      textNamespaces: pageTextNamespaces(pattern).join(','),
      languages: languageState.languages.map((l) => ({ code: l.code, name: l.name })),
      user: user && { firstName: user.firstName, isAdmin: user.isAdmin },
      site: {
        supportEmail: config.supportEmail,
        social: config.social,
      },
      appName: t('app.name'),
    },
    staleCookie ? { headers: { 'Set-Cookie': await clearSessionCookie(config.secureCookies) } } : undefined,
  )
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>['data']

export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<typeof loader>('root')
}

/** A language's writing direction, worked out once: i18next's `dir` builds an Intl.Locale on every call (about 1 % of a page's server time). */
const directions = new Map<string, 'ltr' | 'rtl'>()

function directionOf(i18n: { dir: (language: string) => 'ltr' | 'rtl' }, language: string): 'ltr' | 'rtl' {
  let direction = directions.get(language)
  if (!direction) {
    direction = i18n.dir(language)
    directions.set(language, direction)
  }
  return direction
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRootData()
  const { i18n } = useTranslation()
  const language = rootData?.locale ?? i18n.language ?? DEFAULT_LANGUAGE
  // Marks the page as interactive, so tests know React's handlers are attached before they click.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  useInAppLinks()
  // The bench's bare page (routes/bench-ceiling.tsx, not in production builds) goes without the shell.
  if (useMatches().at(-1)?.id === 'routes/bench-ceiling') {
    return (
      <html lang={language}>
        <body>
          {children}
          <Scripts />
        </body>
      </html>
    )
  }
  return (
    <html
      lang={language}
      dir={directionOf(i18n, language)}
      data-default-language={rootData?.defaultLanguage ?? DEFAULT_LANGUAGE}
      data-translations-version={rootData?.translationsVersion}
      data-text-namespaces={rootData?.textNamespaces}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <MobileBanner />
        <SiteHeader />
        {children}
        <SiteFooter />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { i18n, t } = useTranslation()
  const navigation = useNavigation()
  useEffect(() => {
    if (i18n.language !== loaderData.locale) void i18n.changeLanguage(loaderData.locale)
  }, [loaderData.locale, i18n])
  return (
    <>
      {/* With JavaScript, page changes happen in place; this bar is the loading state the spec asks for. */}
      {navigation.state === 'loading' ? <output className="navigation-progress" aria-label={t('app.loading')} /> : null}
      <Outlet />
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation()
  const status = isRouteErrorResponse(error) ? error.status : 500
  // 503: the database is out of reach for a moment (server/outage.ts answers most such requests itself).
  const kind = status === 404 ? 'notFound' : status === 503 ? 'unavailable' : 'generic'
  return (
    <main id="main" className="page page-narrow">
      {/* pageTitle()'s suffix, written out: importing it here would add a chunk to every page's first script. */}
      <title>{`${t(`error.${kind}.title`)} · Marginalia`}</title>
      <h1>{t(`error.${kind}.title`)}</h1>
      <p>{t(`error.${kind}.body`)}</p>
      <p>
        <a href="/">{t('error.backHome')}</a>
      </p>
    </main>
  )
}
