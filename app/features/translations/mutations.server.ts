import { recordAudit } from '#app/server/admin.server.ts'
import { clearLanguageCaches, notifyLanguagesChanged } from '#app/server/languages.server.ts'
import type { Db } from '#db/client.ts'
import { findLanguage } from './queries.server.ts'
import type { AddLanguageInput, UpdateLanguageInput } from './schema.ts'

/** Who made a change, for the audit log. */
export interface Actor {
  adminUserId: string
  ipAddress: string | null
}

/** A refused change: an HTTP status and the i18n key of the reason. */
export type Outcome = { ok: true } | { ok: false; status: number; key: string }

const refuse = (status: number, key: string): Outcome => ({ ok: false, status, key })

/** After a committed change: this process forgets its cached copy at once, the others on the NOTIFY. */
function changed(): Outcome {
  clearLanguageCaches()
  return { ok: true }
}

/** Adds a language (no translations yet: English shows until they are imported). A new default clears the old one. */
export async function addLanguage(db: Db, input: Required<AddLanguageInput>, actor: Actor): Promise<Outcome> {
  const code = input.language_code
  if (await findLanguage(db, code)) return refuse(409, 'adminTranslations.error.exists')
  // The default language is always shown, so it is always active.
  const isActive = input.is_default || input.is_active
  const inserted = await db.transaction().execute(async (trx) => {
    if (input.is_default) await trx.updateTable('languages').set({ is_default: false }).where('is_default', '=', true).execute()
    const row = await trx
      .insertInto('languages')
      .values({ code, name: input.language_name, is_active: isActive, is_default: input.is_default })
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('code')
      .executeTakeFirst()
    if (!row) return false
    await recordAudit(trx, {
      adminUserId: actor.adminUserId,
      action: 'language_created',
      resourceType: 'language',
      resourceId: code,
      ipAddress: actor.ipAddress,
      details: { code, name: input.language_name, is_active: isActive, is_default: input.is_default },
    })
    await notifyLanguagesChanged(trx)
    return true
  })
  return inserted ? changed() : refuse(409, 'adminTranslations.error.exists')
}

/**
 * Renames, (de)activates or makes default. The code never changes; there is always exactly one
 * default language, so the default cannot be unset (another is made default instead) nor made inactive.
 */
export async function updateLanguage(db: Db, code: string, input: UpdateLanguageInput, actor: Actor): Promise<Outcome> {
  const before = await findLanguage(db, code)
  if (!before) return refuse(404, 'api.languageNotFound')
  if (input.code !== undefined && input.code !== '' && input.code !== code) return refuse(400, 'adminTranslations.error.codeImmutable')
  const isDefault = input.is_default ?? before.is_default
  const isActive = input.is_active ?? before.is_active
  if (before.is_default && !isDefault) return refuse(400, 'adminTranslations.error.needDefault')
  if (isDefault && !isActive) return refuse(400, 'adminTranslations.error.defaultInactive')
  const after = { code, name: input.name, is_active: isActive, is_default: isDefault }
  await db.transaction().execute(async (trx) => {
    if (isDefault && !before.is_default) {
      await trx.updateTable('languages').set({ is_default: false }).where('is_default', '=', true).execute()
    }
    await trx.updateTable('languages').set({ name: after.name, is_active: isActive, is_default: isDefault }).where('code', '=', code).execute()
    await recordAudit(trx, {
      adminUserId: actor.adminUserId,
      action: 'language_updated',
      resourceType: 'language',
      resourceId: code,
      ipAddress: actor.ipAddress,
      details: { before, after },
    })
    await notifyLanguagesChanged(trx)
  })
  return changed()
}

/** Deletes a language and its translations. English and the default language stay. */
export async function deleteLanguage(db: Db, code: string, actor: Actor): Promise<Outcome> {
  if (code === 'en') return refuse(400, 'adminTranslations.error.cannotDeleteEnglish')
  const language = await findLanguage(db, code)
  if (!language) return refuse(404, 'api.languageNotFound')
  if (language.is_default) return refuse(400, 'adminTranslations.error.deleteDefault')
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('translations').where('language_code', '=', code).executeTakeFirst()
    await trx.deleteFrom('languages').where('code', '=', code).execute()
    await recordAudit(trx, {
      adminUserId: actor.adminUserId,
      action: 'language_deleted',
      resourceType: 'language',
      resourceId: code,
      ipAddress: actor.ipAddress,
      details: { code, name: language.name, translations_deleted: Number(removed.numDeletedRows) },
    })
    await notifyLanguagesChanged(trx)
  })
  return changed()
}
