import { body, fields, operation, type ApiArea } from './schema.ts'

/** Calls anyone may make: languages, translations and this description itself. */
export const publicArea: ApiArea = {
  tag: 'public',
  paths: (t) => {
    const f = fields(t)
    return {
      '/api/languages': {
        get: operation(t, {
          id: 'getLanguages',
          tag: 'public',
          auth: 'none',
          success: {
            status: 200,
            schema: {
              type: 'array',
              items: body({ code: f.string('languageCode', 'en'), name: f.string('languageName', 'English'), is_default: f.boolean('is_default', true) }),
            },
          },
          errors: [],
        }),
      },
      '/api/translations/{languageCode}': {
        get: operation(t, {
          id: 'getTranslations',
          tag: 'public',
          auth: 'none',
          parameters: [
            { name: 'languageCode', in: 'path', schema: f.string('languageCode', 'en') },
            { name: 'ns', in: 'query', schema: f.string('translationNamespaces', 'nav,footer') },
          ],
          success: {
            status: 200,
            schema: {
              type: 'object',
              description: t('apiDocs.field.translationMap'),
              additionalProperties: { type: 'string' },
              example: { 'nav.home': 'Home', 'footer.contact': 'Contact: {email}' },
            },
          },
          errors: [404],
        }),
      },
      '/api/openapi.json': {
        get: operation(t, {
          id: 'getOpenApi',
          tag: 'public',
          auth: 'none',
          success: { status: 200, schema: { type: 'object', description: t('apiDocs.field.openapi') } },
          errors: [],
        }),
      },
    }
  },
}
