import { useTranslation } from '#app/lib/use-translation.ts'
import { Link, useSearchParams } from 'react-router'

/** The account page's "Your data": take everything away as a ZIP, or delete the account. */
export function YourDataSection() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="your-data-heading" className="card form-section">
      <h2 id="your-data-heading">{t('outputs.account.title')}</h2>
      <p>{t('outputs.account.export.explain')}</p>
      <p>
        <a className="button button-secondary" href="/account-settings/export" download>
          {t('outputs.account.export.link')}
        </a>
      </p>
      <p>{t('outputs.account.delete.short')}</p>
      <p>
        <Link className="button button-danger" to="/account-settings/delete">
          {t('outputs.account.delete.link')}
        </Link>
      </p>
    </section>
  )
}

/** The home page's word after an account was deleted (the redirect carries ?accountDeleted=1). */
export function AccountDeletedNotice() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  if (params.get('accountDeleted') !== '1') return null
  return <output className="message message-success">{t('outputs.account.deleted')}</output>
}
