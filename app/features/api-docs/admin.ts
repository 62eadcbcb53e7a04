import { body, operation, type ApiArea, type Operation, type Schema, type Translate } from './schema.ts'

// The admin calls (001 §7 but languages and translations), in two areas so each /api page stays
// light. Written compactly (the /api page's JavaScript carries every area): a field is
// `name:type[:example]` with type s string, i integer, n number, b boolean, u uuid, d date-time,
// and a trailing ? for nullable. Its description is `apiDocs.admin.field.<name>` (locales/*/admin.json),
// or `apiDocs.admin.field.<key>` with `name=key`.

const EXAMPLES: Record<string, unknown> = { s: 'ada@example.org', i: 12, n: 4.2, b: true, u: '0b5f8a7e-2d1c-4e8b-9a3f-6c7d8e9f0a1b', d: '2026-05-04T09:30:00.000Z' }
const TYPES: Record<string, Schema> = { s: { type: 'string' }, i: { type: 'integer' }, n: { type: 'number' }, b: { type: 'boolean' }, u: { type: 'string', format: 'uuid' }, d: { type: 'string', format: 'date-time' } }

function field(t: Translate, token: string, nested: Record<string, Schema> = {}): [string, Schema] {
  const [spec, example] = token.split(':').length > 2 ? [token.slice(0, token.indexOf(':', token.indexOf(':') + 1)), token.slice(token.indexOf(':', token.indexOf(':') + 1) + 1)] : [token, undefined]
  const [named, rawType = 's'] = spec.split(':')
  const [name, key = name] = named.split('=')
  const nullable = rawType.endsWith('?')
  const type = rawType.replace('?', '')
  const base = nested[type] ?? TYPES[type]
  const value = example === undefined ? EXAMPLES[type] : type === 'i' || type === 'n' ? Number(example) : example
  return [name, { ...base, ...(nullable && { nullable: true }), ...(value !== undefined && !nested[type] ? { example: value } : {}), description: t(`apiDocs.admin.field.${key}`) }]
}

/** An object schema from tokens; `required` lists the optional ones' complement (all by default). */
function fields(t: Translate, tokens: string, nested?: Record<string, Schema>, required?: string[]): Schema {
  const properties = Object.fromEntries(tokens.split(' ').map((token) => field(t, token, nested)))
  return body(properties, required)
}

const query = (t: Translate, tokens: string) =>
  Object.entries(fields(t, tokens).properties ?? {}).map(([name, schema]) => ({ name, in: 'query' as const, schema }))
const path = (t: Translate, token: string) => [{ name: field(t, token)[0], in: 'path' as const, schema: field(t, token)[1] }]

const USER = 'id=userId:u email firstName:s:Ada lastName:s:Lovelace organization:s?:UCL isActive:b isAdmin:b createdAt:d lastLoginAt:d?'
const PAGING = 'total:i total_pages:i page:i:1'
const OVERVIEW =
  'total_users:i active_users:i new_users_30d:i total_documents:i completed_documents:i processing_documents:i total_annotations:i reference_annotations:i note_annotations:i total_error_rate:n ps1_error_rate:n ps2_error_rate:n avg_processing_minutes:n max_processing_minutes:n total_subscriptions:i newsletter_subscriptions:i new_subscriptions_30d:i'
const DETAILED =
  'range:s:30d new_users:i new_users_change:n active_users:i active_users_change:n retention_rate:n retention_change:n documents_processed:i documents_change:n success_rate:n success_rate_change:n avg_processing_time:n processing_time_change:n ps1_timeouts:i ps1_timeout_rate:n make1_timeouts:i make1_timeout_rate:n ps2_timeouts:i ps2_timeout_rate:n'

function op(t: Translate, tag: string, id: string, success: Schema, errors: number[], extra: Partial<Parameters<typeof operation>[1]> = {}, status = 200): Operation {
  return operation(t, { id, tag, auth: 'bearer', success: { status, schema: success }, errors, ...extra })
}

const message = (t: Translate) => fields(t, 'message')

export const adminArea: ApiArea = {
  tag: 'admin',
  paths: (t) => {
    const tag = 'admin'
    const invitation = fields(t, 'id=invitationId:u email=invitationEmail:s? code:s:K7Q2M9XD used:b status=invitationStatus:s:pending created_at:d expires_at:d')
    return {
      '/api/admin/users': {
        get: op(t, tag, 'adminUsers', fields(t, `users ${PAGING}`, { s: { type: 'array', items: fields(t, USER) } }), [401, 403], {
          parameters: query(t, 'search:s:lovelace status=userFilter:s:all sort_by=userSort:s:email sort_order=sortOrder:s:asc page:i:1 per_page=perPage:i:100'),
        }),
      },
      '/api/admin/users/{id}': {
        put: op(t, tag, 'adminUpdateUser', fields(t, 'message user=updatedUser:o', { o: fields(t, 'id=userId:u email isActive:b isAdmin:b') }), [400, 401, 403, 404, 409], {
          parameters: path(t, 'id=userId:u'),
          requestBody: fields(t, 'isActive:b isAdmin:b', undefined, []),
        }),
      },
      '/api/admin/users/{id}/send-password-reset': {
        post: op(t, tag, 'adminSendPasswordReset', message(t), [400, 401, 403, 404], { parameters: path(t, 'id=userId:u') }),
      },
      '/api/admin/audit-logs': {
        get: op(
          t, tag, 'adminAuditLogs',
          fields(t, `audit_logs ${PAGING}`, {
            s: { type: 'array', items: fields(t, 'id=auditId:s:1042 created_at:d admin_user:o action:s:user_updated resource_type:s:user resource_id:s? ip_address:s?:203.0.113.7 details:j', { o: { ...fields(t, 'email'), nullable: true }, j: { type: 'object', additionalProperties: true, example: { change: 'deactivated' } } }) },
          }),
          [401, 403],
          { parameters: query(t, 'page:i:1 action:s:user_updated resource_type:s:user') },
        ),
      },
      '/api/admin/invitations': {
        get: op(t, tag, 'adminInvitations', fields(t, 'invitations total_pages:i page:i:1', { s: { type: 'array', items: invitation } }), [401, 403], { parameters: query(t, 'page:i:1') }),
        post: op(t, tag, 'adminInvite', fields(t, 'message code:s:K7Q2M9XD'), [400, 401, 403, 409], { requestBody: fields(t, 'email=invitationEmail force_send:b open:b', undefined, []) }, 201),
      },
      '/api/admin/invitations/{id}/revoke': {
        post: op(t, tag, 'adminRevokeInvitation', message(t), [401, 403, 404, 409], { parameters: path(t, 'id=invitationId:u') }),
      },
    }
  },
}

/** The export answers a file, not JSON: its success is described as text/csv. */
function csv(call: Operation): Operation {
  const success = call.responses['200']
  return { ...call, responses: { ...call.responses, 200: { ...success, content: { 'text/csv': success.content!['application/json'] } } } }
}

export const adminAnalyticsArea: ApiArea = {
  tag: 'adminAnalytics',
  paths: (t) => {
    const tag = 'adminAnalytics'
    const range = query(t, 'range:s:30d')
    const day = fields(t, 'date=day:s:2026-05-04 documents=dayDocuments:i completed=dayCompleted:i failed=dayFailed:i success_rate=daySuccessRate:n?')
    return {
      '/api/admin/analytics/overview': { get: op(t, tag, 'adminOverview', fields(t, OVERVIEW), [401, 403]) },
      '/api/admin/analytics/detailed': {
        get: op(t, tag, 'adminAnalytics', fields(t, `${DETAILED} reference_style_breakdown:m daily:a`, { m: { type: 'object', additionalProperties: { type: 'integer' }, example: { 'APA 7': 820 } }, a: { type: 'array', items: day } }), [401, 403], { parameters: range }),
      },
      '/api/admin/analytics/export': {
        get: csv(op(t, tag, 'adminAnalyticsExport', { ...field(t, 'csv:s:metric,value')[1] }, [400, 401, 403], { parameters: [...query(t, 'format:s:csv'), ...range] })),
      },
      '/api/admin/data/{kind}': {
        get: op(
          t, tag, 'adminData',
          fields(
            t,
            `users=dataUsers:U documents=dataDocuments:D subscriptions=dataSubscriptions:S ${PAGING}`,
            {
              U: { type: 'array', items: fields(t, 'id=userId:u email name:s:Ada status=userStatus:s:active created_at:d last_upload:d? document_count:i') },
              D: { type: 'array', items: fields(t, 'id=documentId:u filename:s:paper.pdf user=documentUser:o status=documentStatus:s:completed upload_status:s:completed created_at:d completed_at:d? page_count:i? annotation_count:i gcs_path:s?:/admin/data-insights/documents/ID/file', { o: fields(t, 'email') }) },
              S: { type: 'array', items: fields(t, 'id=subscriptionId:u email has_account:b account_email:s? created_at:d last_email_sent:d?') },
            },
            ['total', 'total_pages', 'page'],
          ),
          [401, 403, 404],
          { parameters: [...path(t, 'kind:s:users'), ...query(t, 'search:s:lovelace status=dataStatus:s:all date_range:s:all user_id=dataUserId:u has_account:s:all page:i:1')] },
        ),
      },
    }
  },
}
