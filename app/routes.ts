import { index, route, type RouteConfig } from '@react-router/dev/routes'

// The URL map: every route of the spec, in one place.
export default [
  index('routes/home.tsx'),
  route('language', 'routes/language.tsx'),
  route('logout', 'routes/logout.tsx'),

  // public pages
  route('support', 'routes/support.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('terms-of-service', 'routes/terms-of-service.tsx'),
  route('api', 'routes/api-docs.tsx'),
  route('api/openapi.json', 'routes/api.openapi.ts'),
  route('feedback', 'routes/feedback.tsx'),

  route('api/languages', 'routes/api.languages.ts'),
  route('api/translations/:languageCode', 'routes/api.translations.ts'),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
