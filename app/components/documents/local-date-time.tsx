import { useTranslation } from '#app/lib/use-translation.ts'
import { useHydrated } from '#app/components/use-hydrated.ts'

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * The spec's "local date plus 24-hour hh:mm". The server does not know the reader's time zone, so
 * it renders UTC (and says so); with JavaScript the browser shows its local time.
 */
export function LocalDateTime({ iso }: { iso: string | null | undefined }) {
  const { t, i18n } = useTranslation()
  const hydrated = useHydrated()
  const date = iso ? new Date(iso) : null
  if (!date || Number.isNaN(date.getTime())) return <span>{t('date.notAvailable')}</span>
  const utc = date.toISOString()
  const text = hydrated
    ? `${date.toLocaleDateString(i18n.language)} ${pad(date.getHours())}:${pad(date.getMinutes())}`
    : `${utc.slice(0, 10)} ${utc.slice(11, 16)} UTC`
  return <time dateTime={utc}>{text}</time>
}
