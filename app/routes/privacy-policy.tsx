import type { Route } from './+types/privacy-policy'
import { LegalDocument, type LegalSection } from '#app/components/legal-document.tsx'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'
import publicStyles from '#app/styles/public.css?url'
import { pageTitle } from '#app/lib/page-title.ts'

// Each section's texts are keys in locales/<code>/public.json (privacy.<id>.p1 …, .item1 …).
const SECTIONS: LegalSection[] = [
  { id: 'controller', paragraphs: 1 },
  { id: 'collect', paragraphs: 1, items: 6 },
  { id: 'purposes', paragraphs: 2, items: 4 },
  { id: 'retention', paragraphs: 1, items: 6 },
  { id: 'cookies', paragraphs: 2, items: 2 },
  { id: 'emails', paragraphs: 2, items: 3 },
  { id: 'sharing', paragraphs: 1, items: 4 },
  { id: 'security', paragraphs: 1, items: 4 },
  { id: 'rights', paragraphs: 2, items: 6 },
  { id: 'changes', paragraphs: 1 },
]

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: publicStyles }]

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }, { name: 'description', content: loaderData?.description }]
}

export async function loader({ context }: Route.LoaderArgs) {
  const { t } = getInstance(context)
  const { config } = getServices(context)
  return {
    title: t('privacy.meta.title'),
    description: t('privacy.meta.description'),
    values: { supportEmail: config.supportEmail, enterpriseEmail: config.enterpriseEmail, sessionDays: config.sessionTtlDays },
  }
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalDocument prefix="privacy" sections={SECTIONS} values={loaderData.values} contactEmail={loaderData.values.supportEmail} />
}
