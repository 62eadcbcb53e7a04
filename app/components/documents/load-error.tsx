import { useTranslation } from '#app/lib/use-translation.ts'
import { isRouteErrorResponse, Link } from 'react-router'
import { Icon } from '#app/components/icons.tsx'

/**
 * A page of the documents area that could not load: with JavaScript, a failed fetch means the
 * network (the spec's "Network error…" texts); otherwise the server's message or the page's own.
 */
export function LoadError({ error, fallbackKey, networkKey }: { error: unknown; fallbackKey: string; networkKey: string }) {
  const { t } = useTranslation()
  const network = error instanceof TypeError && /fetch|network/i.test(error.message)
  const serverMessage = isRouteErrorResponse(error) && typeof error.data?.message === 'string' ? error.data.message : null
  const text = network ? t(networkKey) : (serverMessage ?? t(fallbackKey))
  return (
    <p role="alert" className="message message-error">
      {t('detail.error.prefix', { message: text })}
    </p>
  )
}

/** A detail page's way back to the past list. */
export function BackToList() {
  const { t } = useTranslation()
  return (
    <p>
      <Link to="/past-extractions">
        <Icon name="arrowBack" size={16} /> {t('detail.back')}
      </Link>
    </p>
  )
}

/** A detail page (a document's, a batch's) that could not load: the way back to the list, then what went wrong. */
export function DetailLoadError({ error, notFoundKey }: { error: unknown; notFoundKey: string }) {
  const { t } = useTranslation()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <main id="main" className="page">
      <BackToList />
      {notFound ? <h1>{t(notFoundKey)}</h1> : <LoadError error={error} fallbackKey="detail.error.load" networkKey="detail.error.network" />}
    </main>
  )
}
