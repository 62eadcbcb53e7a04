import type { Route } from './+types/api.submit-extraction'
import { submitCategorization } from '#app/features/documents/batch.server.ts'
import { setOutputLanguage } from '#app/features/documents/output-language.server.ts'
import { SubmitExtractionSchema } from '#app/features/documents/schema.ts'
import { jsonError, methodNotAllowed, readJsonBody, requireApiUser } from '#app/server/auth.server.ts'
import { getInstance, getLocale } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

/** The methods this path serves (read by the HTTP layer's method guard; others get 405 with Allow). */
export const allowedMethods = ['POST']

export async function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, 'POST')
}

const STATUS = { noDocuments: 404, alreadySubmitted: 409, incomplete: 400, notReady: 409 } as const

/** POST /api/submit-extraction: document_id, selected_categorizations (hex, category_id, category_name); one call per document. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(context, 'POST')
  const user = await requireApiUser(request, context)
  const body = await readJsonBody(request, context, SubmitExtractionSchema)
  const { t } = getInstance(context)
  const choices = new Map(body.selected_categorizations.map((c) => [c.hex.toLowerCase(), c.category_id]))
  await setOutputLanguage(getServices(context).db, user.id, { documentId: body.document_id }, getLocale(context))
  const result = await submitCategorization(getServices(context), user.id, { documentId: body.document_id }, choices)
  if (!result.ok) {
    const message = result.problem === 'noDocuments' ? t('api.documentNotFound') : t(`categorize.error.${result.problem}`)
    return jsonError(STATUS[result.problem], message)
  }
  return Response.json({ message: 'Categorization submitted successfully' })
}
