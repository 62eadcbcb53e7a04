import { useTranslation } from '#app/lib/use-translation.ts'
import { isRouteErrorResponse } from 'react-router'

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
