import { body, operation, type ApiArea, type Operation, type Schema, type Translate } from './schema.ts'

// The admin calls (001 §7 but languages and translations): every field's description is
// `apiDocs.admin.field.<name>` (locales/*/admin.json), so they never collide with the other areas'.

function adminFields(t: Translate) {
  const d = (name: string, schema: Schema): Schema => ({ ...schema, description: t(`apiDocs.admin.field.${name}`) })
  const str = (name: string, example: string, extra: Partial<Schema> = {}) => d(name, { type: 'string', example, ...extra })
  const int = (name: string, example: number) => d(name, { type: 'integer', example })
  const num = (name: string, example: number) => d(name, { type: 'number', example })
  const bool = (name: string, example: boolean) => d(name, { type: 'boolean', example })
  const arr = (name: string, items: Schema) => d(name, { type: 'array', items })
  const obj = (name: string, properties: Record<string, Schema>, required = Object.keys(properties)) => d(name, { type: 'object', properties, required })
  const uuid = (name: string) => str(name, '0b5f8a7e-2d1c-4e8b-9a3f-6c7d8e9f0a1b', { format: 'uuid' })
  const date = (name: string, nullable = false) => str(name, '2026-05-04T09:30:00.000Z', { format: 'date-time', ...(nullable && { nullable: true }) })
  return { d, str, int, num, bool, arr, obj, uuid, date }
}

const OVERVIEW_FIGURES: [string, number][] = [
  ['total_users', 1250], ['active_users', 1190], ['new_users_30d', 84], ['total_documents', 15230], ['completed_documents', 14001],
  ['processing_documents', 12], ['total_annotations', 301200], ['reference_annotations', 40210], ['note_annotations', 22010],
  ['total_error_rate', 4.2], ['ps1_error_rate', 1.1], ['ps2_error_rate', 0.4], ['avg_processing_minutes', 3.6], ['max_processing_minutes', 41.2],
  ['total_subscriptions', 800], ['newsletter_subscriptions', 420], ['new_subscriptions_30d', 35],
]

const DETAILED_FIGURES: [string, number][] = [
  ['new_users', 84], ['new_users_change', 12.5], ['active_users', 610], ['active_users_change', -3.1], ['retention_rate', 71.4], ['retention_change', 2.2],
  ['documents_processed', 1520], ['documents_change', 8.9], ['success_rate', 95.1], ['success_rate_change', 0.6], ['avg_processing_time', 3.4],
  ['processing_time_change', -5], ['ps1_timeouts', 9], ['ps1_timeout_rate', 0.6], ['make1_timeouts', 3], ['make1_timeout_rate', 0.2],
  ['ps2_timeouts', 4], ['ps2_timeout_rate', 0.3],
]

/** The export answers a file, not JSON: its success is described as text/csv. */
function csvAnswer(op: Operation): Operation {
  const success = op.responses['200']
  const schema = success.content?.['application/json']?.schema
  return { ...op, responses: { ...op.responses, '200': { ...success, content: schema ? { 'text/csv': { schema } } : undefined } } }
}

export const adminArea: ApiArea = {
  tag: 'admin',
  paths: (t) => {
    const f = adminFields(t)
    const tag = 'admin'
    const auth = 'bearer' as const
    const message = (example: string) => body({ message: f.str('message', example) })
    const page = { name: 'page', in: 'query' as const, schema: f.int('page', 1) }
    const range = { name: 'range', in: 'query' as const, schema: f.str('range', '30d', { enum: ['7d', '30d', '90d', '1y'] }) }
    const search = (example: string) => ({ name: 'search', in: 'query' as const, schema: f.str('search', example) })
    const user = body({
      id: f.uuid('userId'),
      email: f.str('email', 'ada@example.org', { format: 'email' }),
      firstName: f.str('firstName', 'Ada'),
      lastName: f.str('lastName', 'Lovelace'),
      organization: f.str('organization', 'University of Vienna', { nullable: true }),
      isActive: f.bool('isActive', true),
      isAdmin: f.bool('isAdmin', false),
      createdAt: f.date('createdAt'),
      lastLoginAt: f.date('lastLoginAt', true),
    })
    const paging = { total: f.int('total', 1250), total_pages: f.int('total_pages', 25), page: f.int('page', 1) }
    const invitation = body({
      id: f.uuid('invitationId'),
      email: f.str('invitationEmail', 'ada@example.org', { nullable: true }),
      code: f.str('code', 'dGhpcy1pcy1hLWNvZGU'),
      used: f.bool('used', false),
      status: f.str('invitationStatus', 'pending', { enum: ['used', 'expired', 'pending'] }),
      created_at: f.date('created_at'),
      expires_at: f.date('expires_at'),
    })
    return {
      '/api/admin/analytics/overview': {
        get: operation(t, {
          id: 'adminOverview', tag, auth,
          success: { status: 200, schema: body(Object.fromEntries(OVERVIEW_FIGURES.map(([name, example]) => [name, f.num(name, example)]))) },
          errors: [401, 403],
        }),
      },
      '/api/admin/users': {
        get: operation(t, {
          id: 'adminUsers', tag, auth,
          parameters: [
            search('lovelace'),
            { name: 'status', in: 'query', schema: f.str('userFilter', 'all', { enum: ['all', 'active', 'inactive', 'admin'] }) },
            { name: 'sort_by', in: 'query', schema: f.str('userSort', 'created_at', { enum: ['email', 'name', 'created_at'] }) },
            { name: 'sort_order', in: 'query', schema: f.str('sortOrder', 'desc', { enum: ['asc', 'desc'] }) },
            page,
            { name: 'per_page', in: 'query', schema: f.int('perPage', 100) },
          ],
          success: { status: 200, schema: body({ users: f.arr('users', user), ...paging }) },
          errors: [401, 403],
        }),
      },
      '/api/admin/users/{id}': {
        put: operation(t, {
          id: 'adminUpdateUser', tag, auth,
          parameters: [{ name: 'id', in: 'path', schema: f.uuid('userId') }],
          requestBody: body({ isActive: f.bool('isActive', false), isAdmin: f.bool('isAdmin', false) }, []),
          success: {
            status: 200,
            schema: body({
              message: f.str('message', 'User updated successfully.'),
              user: f.obj('updatedUser', { id: f.uuid('userId'), email: f.str('email', 'ada@example.org'), isActive: f.bool('isActive', false), isAdmin: f.bool('isAdmin', false) }),
            }),
          },
          errors: [400, 401, 403, 404, 409],
        }),
      },
      '/api/admin/users/{id}/send-password-reset': {
        post: operation(t, {
          id: 'adminSendPasswordReset', tag, auth,
          parameters: [{ name: 'id', in: 'path', schema: f.uuid('userId') }],
          success: { status: 200, schema: message('Password reset email sent successfully!') },
          errors: [400, 401, 403, 404],
        }),
      },
      '/api/admin/analytics/detailed': {
        get: operation(t, {
          id: 'adminAnalytics', tag, auth,
          parameters: [range],
          success: {
            status: 200,
            schema: body({
              range: f.str('range', '30d'),
              ...Object.fromEntries(DETAILED_FIGURES.map(([name, example]) => [name, f.num(name, example)])),
              reference_style_breakdown: f.d('reference_style_breakdown', { type: 'object', additionalProperties: { type: 'integer' }, example: { 'APA 7': 820, MLA: 310 } }),
              daily: f.arr('daily', body({ date: f.str('day', '2026-05-04'), documents: f.int('dayDocuments', 52), completed: f.int('dayCompleted', 49), failed: f.int('dayFailed', 2), success_rate: f.num('daySuccessRate', 96.1) })),
            }),
          },
          errors: [401, 403],
        }),
      },
      '/api/admin/analytics/export': { get: csvAnswer(operation(t, {
        id: 'adminAnalyticsExport', tag, auth,
        parameters: [{ name: 'format', in: 'query', schema: f.str('format', 'csv', { enum: ['csv'] }) }, range],
        success: { status: 200, schema: f.str('csv', 'metric,value\r\nrange,30d\r\nnew_users,84\r\n') },
        errors: [400, 401, 403],
      })) },
      '/api/admin/audit-logs': {
        get: operation(t, {
          id: 'adminAuditLogs', tag, auth,
          parameters: [
            page,
            { name: 'action', in: 'query', schema: f.str('action', 'password_reset_sent') },
            { name: 'resource_type', in: 'query', schema: f.str('resource_type', 'user') },
          ],
          success: {
            status: 200,
            schema: body({
              audit_logs: f.arr('audit_logs', body({
                id: f.str('auditId', '1042'),
                created_at: f.date('created_at'),
                admin_user: f.d('admin_user', { type: 'object', nullable: true, properties: { email: f.str('email', 'admin@example.org') }, required: ['email'] }),
                action: f.str('action', 'password_reset_sent'),
                resource_type: f.str('resource_type', 'user'),
                resource_id: f.str('resource_id', '0b5f8a7e-2d1c-4e8b-9a3f-6c7d8e9f0a1b', { nullable: true }),
                ip_address: f.str('ip_address', '203.0.113.7', { nullable: true }),
                details: f.d('details', { type: 'object', additionalProperties: true, example: { email: 'ada@example.org' } }),
              })),
              ...paging,
            }),
          },
          errors: [401, 403],
        }),
      },
      '/api/admin/data/{kind}': {
        get: operation(t, {
          id: 'adminData', tag, auth,
          parameters: [
            { name: 'kind', in: 'path', schema: f.str('kind', 'users', { enum: ['users', 'documents', 'subscriptions'] }) },
            search('lovelace'),
            { name: 'status', in: 'query', schema: f.str('dataStatus', 'all') },
            { name: 'date_range', in: 'query', schema: f.str('date_range', 'all', { enum: ['all', '7d', '30d', '90d'] }) },
            { name: 'user_id', in: 'query', schema: f.uuid('dataUserId') },
            { name: 'has_account', in: 'query', schema: f.str('has_account', 'all', { enum: ['all', 'yes', 'no', 'true', 'false'] }) },
            page,
          ],
          success: {
            status: 200,
            schema: body(
              {
                users: f.arr('dataUsers', body({
                  id: f.uuid('userId'), email: f.str('email', 'ada@example.org'), name: f.str('name', 'Ada Lovelace'), status: f.str('userStatus', 'active'),
                  created_at: f.date('created_at'), last_upload: f.date('last_upload', true), document_count: f.int('document_count', 12),
                })),
                documents: f.arr('dataDocuments', body({
                  id: f.uuid('documentId'), filename: f.str('filename', 'paper.pdf'), user: f.obj('documentUser', { email: f.str('email', 'ada@example.org') }),
                  status: f.str('documentStatus', 'completed', { enum: ['completed', 'processing', 'failed'] }), upload_status: f.str('upload_status', 'completed'),
                  created_at: f.date('created_at'), completed_at: f.date('completed_at', true), page_count: f.d('page_count', { type: 'integer', nullable: true, example: 14 }),
                  annotation_count: f.int('annotation_count', 37), gcs_path: f.str('gcs_path', '/admin/data-insights/documents/0b5f8a7e-2d1c-4e8b-9a3f-6c7d8e9f0a1b/file', { nullable: true }),
                })),
                subscriptions: f.arr('dataSubscriptions', body({
                  id: f.uuid('subscriptionId'), email: f.str('email', 'ada@example.org'), has_account: f.bool('has_account', true),
                  account_email: f.str('account_email', 'ada@example.org', { nullable: true }), created_at: f.date('created_at'), last_email_sent: f.date('last_email_sent', true),
                })),
                ...paging,
              },
              ['total', 'total_pages', 'page'],
            ),
          },
          errors: [401, 403, 404],
        }),
      },
      '/api/admin/invitations': {
        get: operation(t, {
          id: 'adminInvitations', tag, auth,
          parameters: [page],
          success: { status: 200, schema: body({ invitations: f.arr('invitations', invitation), total_pages: f.int('total_pages', 1), page: f.int('page', 1) }) },
          errors: [401, 403],
        }),
        post: operation(t, {
          id: 'adminInvite', tag, auth,
          requestBody: body(
            { email: f.str('invitationEmail', 'ada@example.org'), force_send: f.bool('force_send', true), open: f.bool('open', false) },
            [],
          ),
          success: { status: 201, schema: body({ message: f.str('message', 'Invitation sent successfully to ada@example.org!'), code: f.str('code', 'dGhpcy1pcy1hLWNvZGU') }) },
          errors: [400, 401, 403, 409],
        }),
      },
      '/api/admin/invitations/{id}/revoke': {
        post: operation(t, {
          id: 'adminRevokeInvitation', tag, auth,
          parameters: [{ name: 'id', in: 'path', schema: f.uuid('invitationId') }],
          success: { status: 200, schema: message('Invitation revoked successfully.') },
          errors: [401, 403, 404, 409],
        }),
      },
    }
  },
}
