import { createInstance } from 'i18next'
import { I18nextProvider } from 'react-i18next'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { LocalDateTime } from './local-date-time.tsx'

const i18n = createInstance()
await i18n.init({ lng: 'en', resources: { en: { translation: { date: { notAvailable: 'Not available' } } } } })
const render = (iso: string | null) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <LocalDateTime iso={iso} />
    </I18nextProvider>,
  )

describe('LocalDateTime on the server', () => {
  it('writes the UTC date and 24-hour time, and says so', () => {
    expect(render('2026-03-04T05:06:07.890Z')).toBe('<time dateTime="2026-03-04T05:06:07.890Z">2026-03-04 05:06 UTC</time>')
    expect(render('2026-12-31T23:59:59.999+01:00')).toBe('<time dateTime="2026-12-31T22:59:59.999Z">2026-12-31 22:59 UTC</time>')
  })

  it('says when there is no date', () => {
    expect(render(null)).toBe('<span>Not available</span>')
    expect(render('not a date')).toBe('<span>Not available</span>')
  })
})
