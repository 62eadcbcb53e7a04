import type { Db } from '#db/client.ts'
import type { Outcome } from '#app/features/accounts/mutations.server.ts'
import type { Preferences } from './schema.ts'

/** Replaces the default reference style and the whole colour → category list in one transaction. */
export async function savePreferences(db: Db, userId: string, preferences: Preferences): Promise<Outcome> {
  const styleId = preferences.defaultReferenceLanguageId ?? null
  if (styleId !== null) {
    const style = await db.selectFrom('reference_styles').select('id').where('id', '=', styleId).executeTakeFirst()
    if (!style) return { ok: false, messageKey: 'preferences.style.invalid' }
  }
  const colors = preferences.preferredColorsCategorization
  const categoryIds = [...new Set(colors.map((c) => c.category_id))]
  if (categoryIds.length > 0) {
    const known = await db.selectFrom('color_categories').select('id').where('id', 'in', categoryIds).execute()
    if (known.length !== categoryIds.length) return { ok: false, messageKey: 'preferences.category.invalid' }
  }
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ default_reference_style_id: styleId, updated_at: new Date() }).where('id', '=', userId).execute()
    await trx.deleteFrom('user_color_preferences').where('user_id', '=', userId).execute()
    if (colors.length > 0) {
      await trx
        .insertInto('user_color_preferences')
        .values(colors.map((c) => ({ user_id: userId, hex: c.hex, category_id: c.category_id })))
        .execute()
    }
  })
  return { ok: true, value: undefined }
}
