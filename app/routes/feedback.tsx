import { useTranslation } from '#app/lib/use-translation.ts'
import type { Route } from './+types/feedback'
import { requireUser } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'
import publicStyles from '#app/styles/public.css?url'
import { pageTitle } from '#app/lib/page-title.ts'

// The spec's height for the external form's frame.
const FEEDBACK_FRAME_HEIGHT = 533

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: publicStyles }]

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }, { name: 'description', content: loaderData?.description }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context)
  const { config } = getServices(context)
  const { t } = getInstance(context)
  return {
    title: t('feedback.meta.title'),
    description: t('feedback.meta.description'),
    formUrl: config.feedbackFormUrl ?? null,
    supportEmail: config.supportEmail,
  }
}

export default function Feedback({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { formUrl, supportEmail } = loaderData
  return (
    <main id="main" className="page public-page page-medium">
      <h1>{t('feedback.title')}</h1>
      <p className="lead">{t('feedback.intro')}</p>
      {formUrl ? (
        <>
          <iframe
            className="feedback-frame"
            src={formUrl}
            title={t('feedback.frameTitle')}
            height={FEEDBACK_FRAME_HEIGHT}
            loading="lazy"
            // Form providers need their scripts, their own origin (for cookies that prevent double
            // submits) and popups for their links; nothing else. The frame is cross-origin, so
            // allow-same-origin cannot let it lift its own sandbox.
            // oxlint-disable-next-line react/iframe-missing-sandbox
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          />
          <p>
            <a href={formUrl} target="_blank" rel="noopener noreferrer">
              {t('feedback.openInNewTab')}
            </a>
          </p>
        </>
      ) : (
        <p className="message message-info">
          {t('feedback.notConfigured')} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        </p>
      )}
    </main>
  )
}
