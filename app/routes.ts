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

  // accounts
  route('login', 'routes/login.tsx'),
  route('register', 'routes/register.tsx'),
  route('subscribe', 'routes/subscribe.tsx'),
  route('request-password-reset', 'routes/request-password-reset.tsx'),
  route('reset-password/:token?', 'routes/reset-password.tsx'),
  route('dashboard', 'routes/dashboard.tsx'),
  route('account-settings', 'routes/account-settings.tsx'),
  route('api/login', 'routes/api.login.ts'),
  route('api/register', 'routes/api.register.ts'),
  route('api/request-password-reset', 'routes/api.request-password-reset.ts'),
  route('api/reset-password', 'routes/api.reset-password.ts'),
  route('api/subscribe-updates', 'routes/api.subscribe-updates.ts'),
  route('api/account/details', 'routes/api.account.details.ts'),
  route('api/account/preferences', 'routes/api.account.preferences.ts'),
  route('api/account/password', 'routes/api.account.password.ts'),

  // documents: upload, categorization, downloads, past extractions
  route('extractor', 'routes/extractor.tsx'),
  route('extractor/upload', 'routes/extractor.upload.ts'),
  route('extractor/events', 'routes/extractor.events.ts'),
  route('documents/:documentId/download/:file', 'routes/documents.download.ts'),
  route('past-extractions', 'routes/past-extractions.tsx'),
  route('past-extractions/:documentId', 'routes/past-extractions.detail.tsx'),
  route('api/upload', 'routes/api.upload.ts'),
  route('api/documents', 'routes/api.documents.ts'),
  route('api/documents/:id', 'routes/api.documents.detail.ts'),
  route('api/submit-extraction', 'routes/api.submit-extraction.ts'),

  // languages and translations (admin)
  route('admin/translations', 'routes/admin.translations.tsx'),
  route('api/admin/languages', 'routes/api.admin.languages.ts'),
  route('api/admin/languages/:code', 'routes/api.admin.languages.detail.ts'),
  route('api/admin/translations/export-excel', 'routes/api.admin.translations.export-excel.ts'),
  route('api/admin/translations/import-excel', 'routes/api.admin.translations.import-excel.ts'),
  // issue 15: the batch as one piece of work, deletion, the account's data
  route('past-extractions/:documentId/delete', 'routes/documents.delete.tsx'),
  route('batches/:batchId', 'routes/batches.detail.tsx'),
  route('batches/:batchId/delete', 'routes/batches.delete.tsx'),
  route('batches/:batchId/download/:file', 'routes/batches.download.ts'),
  route('api/batches/:batchId', 'routes/api.batches.detail.ts'),
  route('account-settings/export', 'routes/account.export.ts'),
  route('account-settings/delete', 'routes/account.delete.tsx'),

  route('api/languages', 'routes/api.languages.ts'),
  route('api/translations/:languageCode', 'routes/api.translations.ts'),

  // admin area (issue 12); /admin/translations and the languages/translations calls are issue 13's
  route('admin', 'routes/admin.tsx'),
  route('admin/users', 'routes/admin.users.tsx'),
  route('admin/analytics', 'routes/admin.analytics.tsx'),
  route('admin/analytics/export', 'routes/admin.analytics.export.ts'),
  route('admin/audit-logs', 'routes/admin.audit-logs.tsx'),
  route('admin/data-insights', 'routes/admin.data-insights.tsx'),
  route('admin/data-insights/documents/:documentId/file', 'routes/admin.data-insights.file.ts'),
  route('admin/invitations', 'routes/admin.invitations.tsx'),
  route('api/admin/analytics/overview', 'routes/api.admin.analytics.overview.ts'),
  route('api/admin/analytics/detailed', 'routes/api.admin.analytics.detailed.ts'),
  route('api/admin/analytics/export', 'routes/api.admin.analytics.export.ts'),
  route('api/admin/users', 'routes/api.admin.users.ts'),
  route('api/admin/users/:id', 'routes/api.admin.users.detail.ts'),
  route('api/admin/users/:id/send-password-reset', 'routes/api.admin.users.send-password-reset.ts'),
  route('api/admin/audit-logs', 'routes/api.admin.audit-logs.ts'),
  route('api/admin/data/:kind', 'routes/api.admin.data.ts'),
  route('api/admin/invitations', 'routes/api.admin.invitations.ts'),
  route('api/admin/invitations/:id/revoke', 'routes/api.admin.invitations.revoke.ts'),

  // The bare page `npm run bench:http` measures the other pages against: only in the build that
  // script makes (into its own BUILD_DIR), never in one made without BENCH_CEILING_PAGE.
  ...(process.env.BENCH_CEILING_PAGE === '1' ? [route('__bench/ceiling', 'routes/bench-ceiling.tsx')] : []),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
