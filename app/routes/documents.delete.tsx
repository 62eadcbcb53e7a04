import { useTranslation } from '#app/lib/use-translation.ts'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/documents.delete'
import { deleteDocuments } from '#app/features/account-data/delete.server.ts'
import { ConfirmDeleteSchema } from '#app/features/account-data/schema.ts'
import { getDocument } from '#app/features/documents/queries.server.ts'
import { requireUser } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'
import { isUuid } from '#app/lib/ids.ts'
import { pageTitle } from '#app/lib/page-title.ts'

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }]
}

/** The confirmation step: what goes, and one button. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  const { t } = getInstance(context)
  const document = isUuid(params.documentId) ? await getDocument(getServices(context).db, user.id, params.documentId) : null
  if (!document) throw data({ message: t('detail.notFound') }, { status: 404 })
  return { title: t('outputs.delete.document.title'), document: { id: document.id, originalFilename: document.originalFilename } }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context)
  const parsed = ConfirmDeleteSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success || !isUuid(params.documentId)) return redirect(`/past-extractions/${params.documentId}/delete`)
  const deleted = await deleteDocuments(getServices(context), user.id, { documentId: params.documentId })
  if (deleted.length === 0) throw data({ message: getInstance(context).t('detail.notFound') }, { status: 404 })
  return redirect('/past-extractions?deleted=1')
}

export default function DeleteDocument({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const { document } = loaderData
  return (
    <main id="main" className="page page-narrow">
      <h1>{t('outputs.delete.document.title')}</h1>
      <p>{t('outputs.delete.document.explain', { file: document.originalFilename })}</p>
      <Form method="post" className="form">
        <input type="hidden" name="confirm" value="delete" />
        <button type="submit" className="button button-danger" disabled={navigation.state === 'submitting'}>
          {t('outputs.delete.document.submit')}
        </button>
      </Form>
      <p className="form-links">
        <Link to={`/past-extractions/${document.id}`}>{t('outputs.delete.cancel')}</Link>
      </p>
    </main>
  )
}
