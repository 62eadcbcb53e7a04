import { describe, expect, it } from 'vitest'
import { PreferencesSchema } from './schema.ts'

describe('PreferencesSchema', () => {
  it('lower-cases colours and allows no default style', () => {
    expect(PreferencesSchema.parse({ preferredColorsCategorization: [{ hex: '#FFEB3B', category_id: 2, category_name: 'Method' }] })).toEqual({
      preferredColorsCategorization: [{ hex: '#ffeb3b', category_id: 2, category_name: 'Method' }],
    })
    expect(PreferencesSchema.parse({ defaultReferenceLanguageId: null }).defaultReferenceLanguageId).toBeNull()
  })

  it('refuses a colour given twice, whatever its case', () => {
    const result = PreferencesSchema.safeParse({
      preferredColorsCategorization: [
        { hex: '#ff0000', category_id: 1 },
        { hex: '#FF0000', category_id: 2 },
      ],
    })
    expect(result.error?.issues.map((i) => i.message)).toEqual(['preferences.duplicateColor'])
  })
})
