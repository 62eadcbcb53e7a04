import type { Db } from '#db/client.ts'
import { sortByHue } from '#jobs/pdf/colors.ts'

export interface ColorPreference {
  hex: string
  category_id: number
  category_name: string
}

/** The spec's preferences, with the saved colours in hue order (as GET /api/account/preferences answers). */
export interface UserPreferences {
  defaultReferenceLanguageId: number | null
  preferredColorsCategorization: ColorPreference[]
  availableColorCategories: { id: number; name: string }[]
  availableReferenceLanguages: { id: number; name: string }[]
}

export function inHueOrder<T extends { hex: string }>(list: readonly T[]): T[] {
  const order = sortByHue(list.map((p) => p.hex))
  return [...list].sort((a, b) => order.indexOf(a.hex) - order.indexOf(b.hex))
}

export async function getPreferences(db: Db, userId: string): Promise<UserPreferences> {
  const [user, colors, categories, styles] = await Promise.all([
    db.selectFrom('users').select('default_reference_style_id').where('id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('user_color_preferences')
      .innerJoin('color_categories', 'color_categories.id', 'user_color_preferences.category_id')
      .select(['user_color_preferences.hex', 'user_color_preferences.category_id', 'color_categories.name as category_name'])
      .where('user_color_preferences.user_id', '=', userId)
      .execute(),
    db.selectFrom('color_categories').select(['id', 'name']).orderBy('sort_order').execute(),
    db.selectFrom('reference_styles').select(['id', 'name']).orderBy('sort_order').execute(),
  ])
  return {
    defaultReferenceLanguageId: user?.default_reference_style_id ?? null,
    preferredColorsCategorization: inHueOrder(colors),
    availableColorCategories: categories,
    availableReferenceLanguages: styles,
  }
}
