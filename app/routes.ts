import { index, route, type RouteConfig } from '@react-router/dev/routes'

// The URL map: every route of the spec, in one place.
export default [
  index('routes/home.tsx'),
  route('language', 'routes/language.tsx'),
  route('logout', 'routes/logout.tsx'),

  route('api/languages', 'routes/api.languages.ts'),
  route('api/translations/:languageCode', 'routes/api.translations.ts'),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
