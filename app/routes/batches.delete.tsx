import { useTranslation } from '#app/lib/use-translation.ts'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/batches.delete'
import { deleteDocuments } from '#app/features/account-data/delete.server.ts'
import { ConfirmDeleteSchema } from '#app/features/account-data/schema.ts'
import { getBatch } from '#app/features/batches/queries.server.ts'
import { requireUser } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'
import { pageTitle } from '#app/lib/page-title.ts'

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }]
}

/** The confirmation step for a whole batch: its papers, and one button. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  const { t } = getInstance(context)
  const batch = await getBatch(getServices(context).db, user.id, params.batchId)
  if (!batch) throw data({ message: t('outputs.batch.notFound') }, { status: 404 })
  return { title: t('outputs.delete.batch.title'), batchId: batch.id, files: batch.documents.map((d) => d.originalFilename) }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context)
  const parsed = ConfirmDeleteSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return redirect(`/batches/${encodeURIComponent(params.batchId)}/delete`)
  const { db } = getServices(context)
  if (!(await getBatch(db, user.id, params.batchId))) throw data({ message: getInstance(context).t('outputs.batch.notFound') }, { status: 404 })
  await deleteDocuments(getServices(context), user.id, { batchId: params.batchId })
  return redirect('/past-extractions?deleted=1')
}

export default function DeleteBatch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  return (
    <main id="main" className="page page-narrow">
      <h1>{t('outputs.delete.batch.title')}</h1>
      <p>{t('outputs.delete.batch.explain', { count: loaderData.files.length })}</p>
      <ul>
        {loaderData.files.map((file, i) => (
          <li key={`${file}-${i}`}>{file}</li>
        ))}
      </ul>
      <Form method="post" className="form">
        <input type="hidden" name="confirm" value="delete" />
        <button type="submit" className="button button-danger" disabled={navigation.state === 'submitting'}>
          {t('outputs.delete.batch.submit')}
        </button>
      </Form>
      <p className="form-links">
        <Link to={`/batches/${encodeURIComponent(loaderData.batchId)}`}>{t('outputs.delete.cancel')}</Link>
      </p>
    </main>
  )
}
