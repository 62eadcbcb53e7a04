import { getFormProps, getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/lib/use-translation.ts'
import { data, Form, Link, useNavigate, useNavigation, useSearchParams } from 'react-router'
import type { Route } from './+types/admin.translations'
import { FieldErrors } from '#app/components/field.tsx'
import { StatusMessage } from '#app/components/status-message.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { useSchemaForm } from '#app/components/use-schema-form.ts'
import { ImportError, importWorkbook, parseImportForm } from '#app/features/translations/excel.server.ts'
import { addLanguage, deleteLanguage, updateLanguage, type Actor } from '#app/features/translations/mutations.server.ts'
import { languageTable, missingKeys, type LanguageRow } from '#app/features/translations/queries.server.ts'
import { AddLanguageSchema, UpdateLanguageSchema } from '#app/features/translations/schema.ts'
import { flagClass } from '#app/lib/flags.ts'
import type { FormReply } from '#app/lib/form.ts'
import { isSuccessMessage } from '#app/lib/message.ts'
import { requestIp, requireAdmin } from '#app/server/admin.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { formMessage } from '#app/server/messages.server.ts'
import { getServices } from '#app/server/services.server.ts'
import styles from '#app/styles/translations-admin.css?url'
import { pageTitle } from '#app/lib/page-title.ts'

const PAGE = '/admin/translations'
const EXPORT_URL = '/api/admin/translations/export-excel'

type Intent = 'add' | 'edit' | 'delete' | 'import'
type Reply = FormReply & { form: Intent; ok?: boolean; details?: string[] }

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context)
  const { db } = getServices(context)
  const url = new URL(request.url)
  const missingCode = url.searchParams.get('missing')
  const languages = await languageTable(db)
  const missingFor = missingCode ? languages.find((l) => l.code === missingCode) : undefined
  return {
    title: getInstance(context).t('adminTranslations.meta.title'),
    languages,
    missing: missingFor ? { code: missingFor.code, name: missingFor.name, keys: await missingKeys(db, missingFor.code) } : null,
  }
}

function actorOf(admin: { id: string }, context: Route.ActionArgs['context']): Actor {
  return { adminUserId: admin.id, ipAddress: requestIp(context) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context)
  const { db } = getServices(context)
  const { t } = getInstance(context)
  const actor = actorOf(admin, context)

  if (request.headers.get('Content-Type')?.startsWith('multipart/form-data')) {
    try {
      const { file } = await parseImportForm(request)
      if (!file) throw new ImportError('adminTranslations.error.noFile')
      const summary = await importWorkbook(db, file.bytes, file.name, actor)
      const details = [
        t('adminTranslations.import.counts', {
          updated: summary.updated,
          added: summary.added,
          unchanged: summary.unchanged,
          unknownKeys: summary.unknownKeys.length,
          unknownLanguages: summary.unknownLanguages.length,
        }),
      ]
      if (summary.unknownKeys.length > 0) details.push(t('adminTranslations.import.unknownKeys', { keys: summary.unknownKeys.slice(0, 50).join(', ') }))
      if (summary.unknownLanguages.length > 0) {
        details.push(t('adminTranslations.import.unknownLanguages', { columns: summary.unknownLanguages.join(', ') }))
      }
      return data<Reply>({ form: 'import', ok: true, message: formMessage(context, 'adminTranslations.message.imported'), details })
    } catch (error) {
      if (!(error instanceof ImportError)) throw error
      const message = formMessage(context, 'adminTranslations.message.importFailed', { message: t(error.key, error.values) })
      return data<Reply>({ form: 'import', ok: false, message }, { status: error.status })
    }
  }

  const formData = await request.formData()
  const intent = formData.get('intent')

  if (intent === 'add') {
    const submission = parseWithZod(formData, { schema: AddLanguageSchema })
    if (submission.status !== 'success') return data<Reply>({ form: 'add', result: submission.reply() }, { status: 400 })
    const value = submission.value
    const outcome = await addLanguage(db, { ...value, is_default: value.is_default ?? false, is_active: value.is_active ?? false }, actor)
    if (!outcome.ok) {
      const message = formMessage(context, 'adminTranslations.message.addFailed', { message: t(outcome.key) })
      return data<Reply>({ form: 'add', result: submission.reply(), message }, { status: outcome.status })
    }
    return data<Reply>({ form: 'add', ok: true, result: submission.reply({ resetForm: true }), message: formMessage(context, 'adminTranslations.message.added') })
  }

  if (intent === 'edit') {
    const code = String(formData.get('code') ?? '')
    const submission = parseWithZod(formData, { schema: UpdateLanguageSchema })
    if (submission.status !== 'success') return data<Reply>({ form: 'edit', result: submission.reply() }, { status: 400 })
    const value = submission.value
    // The form always sends both boxes' state: an unticked box is false.
    const outcome = await updateLanguage(db, code, { ...value, code, is_active: value.is_active ?? false, is_default: value.is_default ?? false }, actor)
    if (!outcome.ok) {
      const message = formMessage(context, 'adminTranslations.message.updateFailed', { message: t(outcome.key) })
      return data<Reply>({ form: 'edit', result: submission.reply(), message }, { status: outcome.status })
    }
    return data<Reply>({ form: 'edit', ok: true, message: formMessage(context, 'adminTranslations.message.updated') })
  }

  if (intent === 'delete') {
    const code = String(formData.get('code') ?? '')
    const outcome = await deleteLanguage(db, code, actor)
    if (!outcome.ok) {
      // The spec's own words for English; any other refusal in the general failure message.
      const message =
        outcome.key === 'adminTranslations.error.cannotDeleteEnglish'
          ? formMessage(context, outcome.key)
          : formMessage(context, 'adminTranslations.message.deleteFailed', { message: t(outcome.key) })
      return data<Reply>({ form: 'delete', message }, { status: outcome.status })
    }
    return data<Reply>({ form: 'delete', ok: true, message: formMessage(context, 'adminTranslations.message.deleted') })
  }

  throw new Response('Bad Request', { status: 400 })
}

const FAILURE_KEYS: Record<Intent, string> = {
  add: 'adminTranslations.message.addUnreachable',
  edit: 'adminTranslations.message.updateUnreachable',
  delete: 'adminTranslations.message.deleteUnreachable',
  import: 'adminTranslations.message.importError',
}

/** With JavaScript: a post that gets no answer (or a server error) shows the spec's message instead of an error page. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<Reply> {
  const type = request.headers.get('Content-Type') ?? ''
  const intent = type.startsWith('multipart/form-data') ? 'import' : ((await request.clone().formData()).get('intent') as Intent | null) ?? 'add'
  try {
    return (await serverAction()) as Reply
  } catch (error) {
    if (error instanceof Response) throw error
    return { form: intent, failure: FAILURE_KEYS[intent] }
  }
}

function useMessage(reply: Reply | undefined) {
  const { t } = useTranslation()
  if (!reply) return undefined
  return reply.message ?? (reply.failure ? { text: t(reply.failure), success: false } : undefined)
}

export default function AdminTranslations({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const { languages, missing } = loaderData
  const reply = actionData as Reply | undefined
  const failed = reply && !reply.ok
  const editCode = params.get('edit') ?? (failed && reply.form === 'edit' ? (reply.result?.initialValue?.code as string | undefined) : undefined)
  const editing = languages.find((l) => l.code === editCode)
  const deleteCode = params.get('delete')
  const deleting = languages.find((l) => l.code === deleteCode)
  const adding = params.get('add') !== null || (failed && reply.form === 'add')
  // The export's message gives way to the outcome of the next post.
  const [exported, setExported] = useState<{ message: { text: string; success: boolean }; after: unknown }>()
  const exportMessage = exported && exported.after === actionData ? exported.message : undefined
  const setExportMessage = (message: { text: string; success: boolean }) => setExported({ message, after: actionData })
  const message = useMessage(reply)

  return (
    <main id="main" className="page admin-translations">
      <p>
        <Link to="/admin">{t('adminTranslations.back')}</Link>
      </p>
      <h1>{t('adminTranslations.title')}</h1>
      <p className="lead">{t('adminTranslations.intro')}</p>

      <div aria-live="polite">
        <StatusMessage message={exportMessage} />
        {reply && !(reply.form === 'add' && adding) && !(reply.form === 'edit' && editing) ? <StatusMessage message={message} /> : null}
        {reply?.form === 'import' && reply.details ? (
          <ul className="import-details">
            {reply.details.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </div>

      <section className="card translations-tools" aria-labelledby="excel-heading">
        <h2 id="excel-heading">{t('adminTranslations.excel.title')}</h2>
        <div className="translations-tools-row">
          <ExportButton onMessage={setExportMessage} />
          <ImportForm />
        </div>
      </section>

      <section aria-labelledby="languages-heading">
        <div className="section-heading">
          <h2 id="languages-heading">{t('adminTranslations.languages.title')}</h2>
          <Link className="button" to="?add=1" preventScrollReset>
            {t('adminTranslations.add.open')}
          </Link>
        </div>
        <LanguageTable languages={languages} />
      </section>

      {missing ? <MissingKeys missing={missing} /> : null}

      <section className="card translations-help" aria-labelledby="help-heading">
        <h2 id="help-heading">{t('adminTranslations.help.title')}</h2>
        <ul>
          <li>{t('adminTranslations.help.excel')}</li>
          <li>{t('adminTranslations.help.import')}</li>
          <li>{t('adminTranslations.help.languages')}</li>
          <li>{t('adminTranslations.help.default')}</li>
          <li>{t('adminTranslations.help.delete')}</li>
          <li>{t('adminTranslations.help.plurals')}</li>
        </ul>
      </section>

      {adding ? <AddDialog reply={reply?.form === 'add' ? reply : undefined} /> : null}
      {editing ? <EditDialog key={editing.code} language={editing} reply={reply?.form === 'edit' ? reply : undefined} /> : null}
      {deleting && !reply ? <DeleteConfirmation language={deleting} /> : null}
    </main>
  )
}

function ExportButton({ onMessage }: { onMessage: (message: { text: string; success: boolean }) => void }) {
  const { t, i18n } = useTranslation()
  const en = i18n.getFixedT('en')
  const say = (key: string) => onMessage({ text: t(key), success: isSuccessMessage(en(key)) })
  // With JavaScript the file is fetched first, so the page can say whether the export worked.
  const onClick = async (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    try {
      const response = await fetch(EXPORT_URL)
      if (!response.ok) return say('adminTranslations.message.exportFailed')
      const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'translations.xlsx'
      const url = URL.createObjectURL(await response.blob())
      const link = document.createElement('a')
      link.href = url
      link.download = name
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
      say('adminTranslations.message.exported')
    } catch {
      say('adminTranslations.message.exportError')
    }
  }
  return (
    <a className="button" href={EXPORT_URL} download onClick={(event) => void onClick(event)}>
      {t('adminTranslations.export')}
    </a>
  )
}

function ImportForm() {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formEncType === 'multipart/form-data'
  return (
    <Form method="post" action={PAGE} encType="multipart/form-data" className="import-form">
      <div className="field">
        <label htmlFor="import-file">{t('adminTranslations.import.file')}</label>
        <input
          id="import-file"
          name="file"
          type="file"
          required
          accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
          aria-describedby="import-hint"
        />
        <p id="import-hint" className="field-hint">
          {t('adminTranslations.import.hint')}
        </p>
      </div>
      <button type="submit" className="button" disabled={busy}>
        {t('adminTranslations.import')}
      </button>
    </Form>
  )
}

function LanguageTable({ languages }: { languages: LanguageRow[] }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  return (
    <div className="table-scroll">
      <table className="data-table languages-table">
        <caption className="visually-hidden">{t('adminTranslations.languages.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('adminTranslations.column.code')}</th>
            <th scope="col">{t('adminTranslations.column.name')}</th>
            <th scope="col">{t('adminTranslations.column.active')}</th>
            <th scope="col">{t('adminTranslations.column.default')}</th>
            <th scope="col">{t('adminTranslations.column.completeness')}</th>
            <th scope="col">{t('adminTranslations.column.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {languages.map((language) => (
            <tr key={language.code} data-code={language.code}>
              <td>
                <code>{language.code}</code>
              </td>
              <td>
                <span aria-hidden="true" className={flagClass(language.code)} />{' '}
                <span lang={language.code}>{language.name}</span>
              </td>
              <td>{language.is_active ? t('adminTranslations.yes') : t('adminTranslations.no')}</td>
              <td>{language.is_default ? t('adminTranslations.yes') : t('adminTranslations.no')}</td>
              <td>
                <span className="completeness">
                  <meter min={0} max={language.total || 1} value={language.translated} aria-hidden="true" />{' '}
                  <bdi>{t('adminTranslations.completeness', { translated: language.translated, total: language.total })}</bdi>
                </span>{' '}
                {language.missing > 0 ? (
                  <Link to={`?missing=${encodeURIComponent(language.code)}#missing-keys`}>
                    {t('adminTranslations.missing', { count: language.missing })}
                  </Link>
                ) : (
                  <span className="complete">{t('adminTranslations.complete')}</span>
                )}
              </td>
              <td className="row-actions">
                <Link
                  className="button button-secondary button-small"
                  to={`?edit=${encodeURIComponent(language.code)}`}
                  preventScrollReset
                  aria-label={t('adminTranslations.edit.label', { name: language.name })}
                >
                  {t('adminTranslations.edit')}
                </Link>
                {hydrated ? (
                  <Form
                    method="post"
                    action={PAGE}
                    onSubmit={(event) => {
                      if (!window.confirm(t('adminTranslations.delete.confirm', { name: language.name, code: language.code }))) event.preventDefault()
                    }}
                  >
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="code" value={language.code} />
                    <button type="submit" className="button button-secondary button-small button-danger" aria-label={t('adminTranslations.delete.label', { name: language.name })}>
                      {t('adminTranslations.delete')}
                    </button>
                  </Form>
                ) : (
                  <Link
                    className="button button-secondary button-small button-danger"
                    to={`?delete=${encodeURIComponent(language.code)}`}
                    aria-label={t('adminTranslations.delete.label', { name: language.name })}
                  >
                    {t('adminTranslations.delete')}
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function MissingKeys({ missing }: { missing: { code: string; name: string; keys: { key: string; english: string }[] } }) {
  const { t } = useTranslation()
  return (
    <section id="missing-keys" className="card" aria-labelledby="missing-heading">
      <h2 id="missing-heading">{t('adminTranslations.missingList.title', { name: missing.name, code: missing.code })}</h2>
      {missing.keys.length === 0 ? (
        <p>{t('adminTranslations.missingList.none')}</p>
      ) : (
        <>
          <p>{t('adminTranslations.missingList.intro', { count: missing.keys.length })}</p>
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('adminTranslations.missingList.key')}</th>
                  <th scope="col">{t('adminTranslations.missingList.english')}</th>
                </tr>
              </thead>
              <tbody>
                {missing.keys.map((entry) => (
                  <tr key={entry.key}>
                    <td>
                      <code>{entry.key}</code>
                    </td>
                    <td lang="en" dir="ltr">
                      {entry.english}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <p>
        <Link to={PAGE}>{t('adminTranslations.missingList.close')}</Link>
      </p>
    </section>
  )
}

/**
 * A dialog that is part of the server-rendered page (open, in the flow) and, with JavaScript, a
 * native modal <dialog>. Closing it (Escape, Cancel) returns to the page without its query.
 */
function Modal({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null)
  const navigate = useNavigate()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || dialog.matches(':modal')) return
    if (dialog.open) dialog.close()
    dialog.showModal()
  }, [])
  return (
    <dialog
      ref={ref}
      id={id}
      open
      className="modal"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault()
        void navigate(PAGE, { preventScrollReset: true })
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </dialog>
  )
}

function CheckboxField({ name, label, defaultChecked, id }: { name: string; label: string; defaultChecked: boolean; id: string }) {
  return (
    <div className="field field-checkbox">
      <input type="checkbox" id={id} name={name} defaultChecked={defaultChecked} />
      <label htmlFor={id}>{label}</label>
    </div>
  )
}

function DialogButtons({ submit }: { submit: string }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  return (
    <div className="actions">
      <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
        {submit}
      </button>
      <Link to={PAGE} className="button button-secondary" preventScrollReset>
        {t('adminTranslations.cancel')}
      </Link>
    </div>
  )
}

function AddDialog({ reply }: { reply: Reply | undefined }) {
  const { t } = useTranslation()
  const [form, fields] = useSchemaForm(AddLanguageSchema, { id: 'add-language', lastResult: reply?.ok ? null : reply?.result })
  const values = reply?.result?.initialValue as Record<string, string> | undefined
  return (
    <Modal id="add-language-dialog" title={t('adminTranslations.add.title')}>
      {reply?.message && !reply.ok ? <StatusMessage message={reply.message} /> : null}
      {reply?.failure ? <StatusMessage message={{ text: t(reply.failure), success: false }} /> : null}
      <Form method="post" action={PAGE} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="add" />
        <div className="field">
          <label htmlFor={fields.language_code.id}>{t('adminTranslations.field.code')}</label>
          <input
            {...getInputProps(fields.language_code, { type: 'text' })}
            key={fields.language_code.key}
            placeholder={t('adminTranslations.field.codePlaceholder')}
            autoComplete="off"
            dir="ltr"
          />
          <FieldErrors field={fields.language_code} />
        </div>
        <div className="field">
          <label htmlFor={fields.language_name.id}>{t('adminTranslations.field.name')}</label>
          <input
            {...getInputProps(fields.language_name, { type: 'text' })}
            key={fields.language_name.key}
            placeholder={t('adminTranslations.field.namePlaceholder')}
            autoComplete="off"
          />
          <FieldErrors field={fields.language_name} />
        </div>
        <CheckboxField id="add-is-active" name="is_active" label={t('adminTranslations.field.active')} defaultChecked={values ? values.is_active === 'on' : true} />
        <CheckboxField id="add-is-default" name="is_default" label={t('adminTranslations.field.default')} defaultChecked={values?.is_default === 'on'} />
        <DialogButtons submit={t('adminTranslations.add.submit')} />
      </Form>
    </Modal>
  )
}

function EditDialog({ language, reply }: { language: LanguageRow; reply: Reply | undefined }) {
  const { t } = useTranslation()
  const [form, fields] = useSchemaForm(UpdateLanguageSchema, {
    id: `edit-language-${language.code}`,
    lastResult: reply?.ok ? null : reply?.result,
    defaultValue: { name: language.name },
  })
  return (
    <Modal id="edit-language-dialog" title={t('adminTranslations.edit.title', { name: language.name })}>
      {reply?.message && !reply.ok ? <StatusMessage message={reply.message} /> : null}
      {reply?.failure ? <StatusMessage message={{ text: t(reply.failure), success: false }} /> : null}
      <Form method="post" action={PAGE} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="code" value={language.code} />
        <div className="field">
          <label htmlFor="edit-code">{t('adminTranslations.field.code')}</label>
          <input id="edit-code" type="text" value={language.code} readOnly aria-describedby="edit-code-hint" dir="ltr" />
          <p id="edit-code-hint" className="field-hint">
            {t('adminTranslations.field.codeLocked')}
          </p>
        </div>
        <div className="field">
          <label htmlFor={fields.name.id}>{t('adminTranslations.field.name')}</label>
          <input {...getInputProps(fields.name, { type: 'text' })} key={fields.name.key} autoComplete="off" />
          <FieldErrors field={fields.name} />
        </div>
        <CheckboxField id="edit-is-active" name="is_active" label={t('adminTranslations.field.active')} defaultChecked={language.is_active} />
        <CheckboxField id="edit-is-default" name="is_default" label={t('adminTranslations.field.default')} defaultChecked={language.is_default} />
        <DialogButtons submit={t('adminTranslations.edit.submit')} />
      </Form>
    </Modal>
  )
}

/** Without JavaScript, deleting takes this confirmation step (with JavaScript, the browser's confirm). */
function DeleteConfirmation({ language }: { language: LanguageRow }) {
  const { t } = useTranslation()
  return (
    <Modal id="delete-language-dialog" title={t('adminTranslations.delete.title')}>
      <p>{t('adminTranslations.delete.confirm', { name: language.name, code: language.code })}</p>
      <Form method="post" action={PAGE}>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="code" value={language.code} />
        <DialogButtons submit={t('adminTranslations.delete.submit')} />
      </Form>
    </Modal>
  )
}
