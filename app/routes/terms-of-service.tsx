import type { Route } from './+types/terms-of-service'
import { LegalDocument, type LegalSection } from '#app/components/legal-document.tsx'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'
import publicStyles from '#app/styles/public.css?url'
import { pageTitle } from '#app/lib/page-title.ts'

// Each section's texts are keys in locales/<code>/public.json (terms.<id>.p1 …, .item1 …).
const SECTIONS: LegalSection[] = [
  { id: 'service', paragraphs: 2 },
  { id: 'accounts', paragraphs: 1, items: 4 },
  { id: 'content', paragraphs: 3 },
  { id: 'acceptableUse', paragraphs: 1, items: 5 },
  { id: 'results', paragraphs: 2 },
  { id: 'api', paragraphs: 2 },
  { id: 'availability', paragraphs: 2 },
  { id: 'termination', paragraphs: 3 },
  { id: 'liability', paragraphs: 3 },
  { id: 'law', paragraphs: 3 },
  { id: 'changes', paragraphs: 2 },
]

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: publicStyles }]

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }, { name: 'description', content: loaderData?.description }]
}

export async function loader({ context }: Route.LoaderArgs) {
  const { t } = getInstance(context)
  const { config } = getServices(context)
  return {
    title: t('terms.meta.title'),
    description: t('terms.meta.description'),
    values: { supportEmail: config.supportEmail, enterpriseEmail: config.enterpriseEmail, uploadMaxMb: config.uploadMaxMb },
  }
}

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  return <LegalDocument prefix="terms" sections={SECTIONS} values={loaderData.values} contactEmail={loaderData.values.supportEmail} />
}
