import { body, fields, operation, type ApiArea } from './schema.ts'

/** Administrators only: the languages and their translations, and the Excel workbook of them. */
export const adminTranslationsArea: ApiArea = {
  tag: 'adminTranslations',
  paths: (t) => {
    const f = fields(t)
    const tag = 'adminTranslations'
    const message = (example: string) => body({ message: f.string('message', example) })
    const code = { name: 'code', in: 'path' as const, schema: f.string('languageCode', 'fr') }
    return {
      '/api/admin/languages': {
        get: operation(t, {
          id: 'adminListLanguages',
          tag,
          auth: 'bearer',
          success: {
            status: 200,
            schema: {
              type: 'array',
              items: body({
                code: f.string('languageCode', 'de'),
                name: f.string('languageName', 'Deutsch'),
                is_active: f.boolean('is_active', true),
                is_default: f.boolean('is_default', false),
              }),
            },
          },
          errors: [401, 403],
        }),
        post: operation(t, {
          id: 'adminAddLanguage',
          tag,
          auth: 'bearer',
          requestBody: body(
            {
              language_code: f.string('language_code', 'fr'),
              language_name: f.string('language_name', 'Français'),
              is_default: f.boolean('is_default', false),
              is_active: f.boolean('is_active', true),
            },
            ['language_code', 'language_name'],
          ),
          success: { status: 201, schema: message('Language added successfully') },
          errors: [400, 401, 403, 409],
        }),
      },
      '/api/admin/languages/{code}': {
        put: operation(t, {
          id: 'adminUpdateLanguage',
          tag,
          auth: 'bearer',
          parameters: [code],
          requestBody: body(
            {
              code: f.string('languageCode', 'fr'),
              name: f.string('languageName', 'Français'),
              is_active: f.boolean('is_active', true),
              is_default: f.boolean('is_default', false),
            },
            ['name'],
          ),
          success: { status: 200, schema: message('Language updated successfully') },
          errors: [400, 401, 403, 404],
        }),
        delete: operation(t, {
          id: 'adminDeleteLanguage',
          tag,
          auth: 'bearer',
          parameters: [code],
          success: { status: 200, schema: message('Language deleted successfully') },
          errors: [400, 401, 403, 404],
        }),
      },
      '/api/admin/translations/export-excel': {
        get: operation(t, {
          id: 'adminExportTranslations',
          tag,
          auth: 'bearer',
          success: {
            status: 200,
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            schema: f.string('workbook', 'translations_2025-06-03.xlsx', { format: 'binary' }),
          },
          errors: [401, 403],
        }),
      },
      '/api/admin/translations/import-excel': {
        post: operation(t, {
          id: 'adminImportTranslations',
          tag,
          auth: 'bearer',
          requestContentType: 'multipart/form-data',
          requestBody: body({ file: f.string('workbookFile', 'translations.xlsx', { format: 'binary' }) }),
          success: {
            status: 200,
            schema: body({
              message: f.string('message', 'Translations imported successfully'),
              updated: f.integer('importUpdated', 3),
              added: f.integer('importAdded', 0),
              unchanged: f.integer('importUnchanged', 7433),
              unknown_keys: f.array('unknown_keys', { type: 'string', example: 'old.key' }),
              unknown_languages: f.array('unknown_languages', { type: 'string', example: 'Notes' }),
            }),
          },
          errors: [400, 401, 403, 413],
        }),
      },
    }
  },
}
