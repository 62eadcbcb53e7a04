import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/lib/use-translation.ts'
import { data, Form, isRouteErrorResponse, useNavigation } from 'react-router'
import type { Route } from './+types/account-settings'
import { useColorName } from '#app/components/documents/color-label.tsx'
import { FieldErrors, SelectField, TextField, type Option } from '#app/components/field.tsx'
import { NewPasswordField } from '#app/components/password-field.tsx'
import { FormOutcome, StatusMessage } from '#app/components/status-message.tsx'
import { YourDataSection } from '#app/components/your-data-section.tsx'
import { useSchemaForm } from '#app/components/use-schema-form.ts'
import { changePassword, updateProfile } from '#app/features/accounts/mutations.server.ts'
import { getAccountDetails, type AccountDetails } from '#app/features/accounts/queries.server.ts'
import { ACCOUNT_RESEARCH_FIELDS, ACCOUNT_TITLES, ChangePasswordSchema, ProfileSchema } from '#app/features/accounts/schema.ts'
import { savePreferences } from '#app/features/preferences/mutations.server.ts'
import { getPreferences, type UserPreferences } from '#app/features/preferences/queries.server.ts'
import { PreferencesSchema } from '#app/features/preferences/schema.ts'
import { replyOrFailure, type FailureKeys, type FormReply } from '#app/lib/form.ts'
import { requireUser } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { formMessage } from '#app/server/messages.server.ts'
import { getServices } from '#app/server/services.server.ts'
import { categoryLabel } from '#app/lib/category-label.ts'
import { pageTitle } from '#app/lib/page-title.ts'

/** The three forms post here; a hidden `_form` says which one. */
type AccountForm = 'profile' | 'password' | 'preferences'
type AccountReply = FormReply & { form: AccountForm }

/** The colours new rows start with, in turn (the common highlighter colours), so rows added one after another differ; the user picks the real one. */
const NEW_COLORS = ['#ffeb3b', '#5fb236', '#2ea8e5', '#ff6666', '#a28ae5', '#f19837', '#e56eee', '#aaaaaa']

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  const { db } = getServices(context)
  const [details, preferences] = await Promise.all([getAccountDetails(db, user.id), getPreferences(db, user.id)])
  if (!details) throw new Response('Not Found', { status: 404 })
  return { title: getInstance(context).t('account.meta.title'), details, preferences }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context)
  const { db } = getServices(context)
  const { t } = getInstance(context)
  const formData = await request.formData()
  const form = formData.get('_form')

  if (form === 'profile') {
    const submission = parseWithZod(formData, { schema: ProfileSchema })
    if (submission.status !== 'success') return data<AccountReply>({ form, result: submission.reply() }, { status: 400 })
    await updateProfile(db, user.id, submission.value)
    return data<AccountReply>({ form, result: submission.reply(), message: formMessage(context, 'account.profile.updated') })
  }

  if (form === 'password') {
    const submission = parseWithZod(formData, { schema: ChangePasswordSchema })
    const hideFields = ['oldPassword', 'newPassword', 'confirmNewPassword']
    if (submission.status !== 'success') return data<AccountReply>({ form, result: submission.reply({ hideFields }) }, { status: 400 })
    const outcome = await changePassword(db, { userId: user.id, ...submission.value, currentSessionSecret: user.sessionSecret })
    if (!outcome.ok) {
      const message = formMessage(context, 'account.password.failed', { message: t(outcome.messageKey) })
      return data<AccountReply>({ form, result: submission.reply({ hideFields }), message }, { status: 400 })
    }
    return data<AccountReply>({ form, result: submission.reply({ resetForm: true }), message: formMessage(context, 'account.password.updated') })
  }

  if (form === 'preferences') {
    const submission = parseWithZod(formData, { schema: PreferencesSchema })
    // Adding or removing a row without JavaScript: conform applies it and the page shows the edited list, not yet saved.
    if (submission.status === undefined) return data<AccountReply>({ form, result: submission.reply() })
    if (submission.status !== 'success') return data<AccountReply>({ form, result: submission.reply() }, { status: 400 })
    const outcome = await savePreferences(db, user.id, submission.value)
    if (!outcome.ok) {
      const message = formMessage(context, 'account.updateFailed', { message: t(outcome.messageKey) })
      return data<AccountReply>({ form, result: submission.reply(), message }, { status: 400 })
    }
    return data<AccountReply>({ form, result: submission.reply({ resetForm: true }), message: formMessage(context, 'account.preferences.updated') })
  }

  throw new Response('Bad Request', { status: 400 })
}

const FAILURE_KEYS: Record<AccountForm, FailureKeys> = {
  profile: { network: 'account.update.networkError', failed: 'account.update.serverError' },
  password: { network: 'account.password.networkError', failed: 'account.password.serverError' },
  preferences: { network: 'account.update.networkError', failed: 'account.update.serverError' },
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<AccountReply> {
  const form = (await request.clone().formData()).get('_form')
  const which: AccountForm = form === 'password' || form === 'preferences' ? form : 'profile'
  const reply = await replyOrFailure(serverAction, FAILURE_KEYS[which])
  return { form: which, ...reply }
}

export default function AccountSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const replyFor = (form: AccountForm) => (actionData?.form === form ? actionData : undefined)
  const { preferences } = loaderData
  return (
    <main id="main" className="page page-narrow">
      <h1>{t('account.title')}</h1>
      <ProfileSection details={loaderData.details} reply={replyFor('profile')} />
      <PasswordSection reply={replyFor('password')} />
      {/* Remounted after a save, so the form starts from the saved list (in hue order). */}
      <PreferencesSection key={JSON.stringify(preferences.preferredColorsCategorization) + preferences.defaultReferenceLanguageId} preferences={preferences} reply={replyFor('preferences')} />
      <YourDataSection />
    </main>
  )
}

/** A saved-successfully message belongs to the last submit: once the form shows new errors (checked in the browser), it goes. */
function currentOutcome(reply: AccountReply | undefined, errors: Record<string, unknown>): AccountReply | undefined {
  return reply?.message?.success && Object.keys(errors).length > 0 ? undefined : reply
}

/** Each form posts to its own section: without JavaScript the answer page opens at the form and its result. */
function sectionAction(headingId: string): string {
  return `/account-settings#${headingId}`
}

function SubmitButton({ form, label }: { form: AccountForm; label: string }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('_form') === form
  return (
    <button type="submit" className="button" disabled={busy}>
      {label}
    </button>
  )
}

/** The user's current value stays selectable even when it comes from the other form's list (registration offers other research fields). */
function optionsWith(values: readonly string[], current: string | null, labelOf: (value: string) => string): Option[] {
  const all = current && !values.includes(current) ? [...values, current] : values
  return all.map((value) => ({ value, label: labelOf(value) }))
}

function ProfileSection({ details, reply }: { details: AccountDetails; reply: AccountReply | undefined }) {
  const { t } = useTranslation()
  const [form, fields] = useSchemaForm(ProfileSchema, {
    id: 'profile',
    lastResult: reply?.result,
    defaultValue: {
      title: details.title ?? undefined,
      firstName: details.firstName,
      lastName: details.lastName,
      organization: details.organization ?? undefined,
      researchField: details.researchField ?? undefined,
    },
  })
  return (
    <section aria-labelledby="profile-heading" className="card form-section">
      <h2 id="profile-heading">{t('account.profile.title')}</h2>
      <Form method="post" action={sectionAction('profile-heading')} preventScrollReset {...getFormProps(form)} className="form">
        <input type="hidden" name="_form" value="profile" />
        <div className="field">
          <label htmlFor="profile-email">{t('accounts.field.email')}</label>
          <input id="profile-email" type="email" value={details.email} readOnly />
        </div>
        <SelectField
          field={fields.title}
          label={t('accounts.field.title')}
          options={optionsWith(ACCOUNT_TITLES, details.title, (v) => t(`accounts.titleOption.${v}`))}
          placeholder={t('accounts.field.choose')}
        />
        <TextField field={fields.firstName} label={t('accounts.field.firstName')} autoComplete="given-name" />
        <TextField field={fields.lastName} label={t('accounts.field.lastName')} autoComplete="family-name" />
        <TextField field={fields.organization} label={t('accounts.field.organization')} autoComplete="organization" />
        <SelectField
          field={fields.researchField}
          label={t('accounts.field.researchField')}
          options={optionsWith(ACCOUNT_RESEARCH_FIELDS, details.researchField, (v) => t(`accounts.researchFieldOption.${v}`))}
          placeholder={t('accounts.field.choose')}
        />
        <FormOutcome reply={currentOutcome(reply, form.allErrors)} />
        <SubmitButton form="profile" label={t('account.profile.submit')} />
      </Form>
    </section>
  )
}

function PasswordSection({ reply }: { reply: AccountReply | undefined }) {
  const { t } = useTranslation()
  const [form, fields] = useSchemaForm(ChangePasswordSchema, { id: 'change-password', lastResult: reply?.result })
  return (
    <section aria-labelledby="password-heading" className="card form-section">
      <h2 id="password-heading">{t('account.password.title')}</h2>
      <Form method="post" action={sectionAction('password-heading')} preventScrollReset {...getFormProps(form)} className="form">
        <input type="hidden" name="_form" value="password" />
        {/* Lets password managers file the new password under the right account. */}
        <TextField field={fields.oldPassword} type="password" label={t('accounts.field.oldPassword')} autoComplete="current-password" />
        <NewPasswordField field={fields.newPassword} label={t('accounts.field.newPassword')} />
        <TextField field={fields.confirmNewPassword} type="password" label={t('accounts.field.confirmPassword')} autoComplete="new-password" />
        <FormOutcome reply={currentOutcome(reply, form.allErrors)} />
        <SubmitButton form="password" label={t('account.password.submit')} />
      </Form>
    </section>
  )
}

/** The first of the new-row colours not yet in the list (or the next in turn when all are). */
function nextNewColor(used: string[]): string {
  return NEW_COLORS.find((c) => !used.includes(c)) ?? NEW_COLORS[used.length % NEW_COLORS.length]
}

function PreferencesSection({ preferences, reply }: { preferences: UserPreferences; reply: AccountReply | undefined }) {
  const { t } = useTranslation()
  const [form, fields] = useSchemaForm(PreferencesSchema, {
    id: 'preferences',
    lastResult: reply?.result,
    defaultValue: {
      defaultReferenceLanguageId: preferences.defaultReferenceLanguageId ?? undefined,
      preferredColorsCategorization: preferences.preferredColorsCategorization.map((p) => ({ hex: p.hex, category_id: p.category_id })),
    },
  })
  const colorName = useColorName()
  const list = fields.preferredColorsCategorization
  const rows = list.getFieldList()
  const categories = preferences.availableColorCategories
  return (
    <section aria-labelledby="preferences-heading" className="card form-section">
      <h2 id="preferences-heading">{t('account.preferences.title')}</h2>
      <Form method="post" action={sectionAction('preferences-heading')} preventScrollReset {...getFormProps(form)} className="form">
        <input type="hidden" name="_form" value="preferences" />
        <SelectField
          field={fields.defaultReferenceLanguageId}
          label={t('account.preferences.defaultStyle')}
          options={preferences.availableReferenceLanguages.map((s) => ({ value: String(s.id), label: s.name }))}
          placeholder={t('account.preferences.noDefaultStyle')}
        />
        <fieldset className="color-preferences" aria-describedby={list.errors?.length ? `color-preferences-help ${list.errorId}` : 'color-preferences-help'}>
          <legend>{t('account.preferences.colors')}</legend>
          <p id="color-preferences-help" className="hint">
            {t('account.preferences.colorsHelp')}
          </p>
          {rows.length === 0 ? <p>{t('account.preferences.noColors')}</p> : null}
          <ol className="color-list">
            {rows.map((row, index) => {
              const entry = row.getFieldset()
              const hexProps = getInputProps(entry.hex, { type: 'color' })
              const categoryProps = getSelectProps(entry.category_id)
              const number = String(index + 1)
              return (
                <li key={row.key} className="color-row">
                  <div className="field">
                    <label htmlFor={entry.hex.id}>{t('account.preferences.colorLabel', { number })}</label>
                    <span className="color-value">
                      <input {...hexProps} key={hexProps.key} />
                      {/* The colour as text too: a swatch alone says nothing to someone who cannot tell colours apart. */}
                      <code>{entry.hex.value}</code>
                      {entry.hex.value ? <span className="hint">{colorName(entry.hex.value)}</span> : null}
                    </span>
                    <FieldErrors field={entry.hex} />
                  </div>
                  <div className="field">
                    <label htmlFor={entry.category_id.id}>{t('account.preferences.categoryLabel', { number })}</label>
                    <select {...categoryProps} key={categoryProps.key}>
                      <option value="">{t('account.preferences.chooseCategory')}</option>
                      {categories.map((c) => (
                        <option key={c.id} value={String(c.id)}>
                          {categoryLabel(c.name, t)}
                        </option>
                      ))}
                    </select>
                    <FieldErrors field={entry.category_id} />
                  </div>
                  <button className="button button-secondary button-small" {...form.remove.getButtonProps({ name: list.name, index })}>
                    {t('account.preferences.removeColor', { number })}
                  </button>
                </li>
              )
            })}
          </ol>
          <FieldErrors field={list} />
          <button
            className="button button-secondary button-small"
            {...form.insert.getButtonProps({ name: list.name, defaultValue: { hex: nextNewColor(rows.map((r) => r.getFieldset().hex.value ?? '')) } })}
          >
            {t('account.preferences.addColor')}
          </button>
        </fieldset>
        <FormOutcome reply={currentOutcome(reply, form.allErrors)} />
        <SubmitButton form="preferences" label={t('account.preferences.submit')} />
      </Form>
    </section>
  )
}

/** The page could not be loaded: the spec's message, with the server's status. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation()
  const reason = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}`.trim() : t('account.load.serverError')
  return (
    <main id="main" className="page page-narrow">
      <h1>{t('account.title')}</h1>
      <StatusMessage message={{ text: t('account.load.failed', { message: reason }), success: false }} />
    </main>
  )
}
