import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
type Json<T = unknown> = ColumnType<T, string | undefined | null, string | null>

export interface UsersTable {
  id: Generated<string>
  email: string
  password_hash: string
  title: string | null
  first_name: string
  last_name: string
  organization: string | null
  research_field: string | null
  is_admin: Generated<boolean>
  is_active: Generated<boolean>
  default_reference_style_id: number | null
  last_login_at: NullableTimestamp
  created_at: Timestamp
  updated_at: Timestamp
}

export interface SessionsTable {
  id_hash: string
  user_id: string
  kind: Generated<'browser' | 'api'>
  created_at: Timestamp
  last_seen_at: Timestamp
  expires_at: Timestamp
  ip_address: string | null
  user_agent: string | null
}

export interface InvitationsTable {
  id: Generated<string>
  email: string | null
  code: string
  grants_admin: Generated<boolean>
  invited_by: string | null
  used: Generated<boolean>
  used_by: string | null
  used_at: NullableTimestamp
  created_at: Timestamp
  expires_at: Timestamp
}

export interface PasswordResetTokensTable {
  token_hash: string
  user_id: string
  created_at: Timestamp
  expires_at: Timestamp
  used_at: NullableTimestamp
}

export interface SubscribersTable {
  id: Generated<string>
  email: string
  first_name: string
  marketing_consent: boolean
  created_at: Timestamp
  last_email_sent_at: NullableTimestamp
}

export interface LanguagesTable {
  code: string
  name: string
  is_active: Generated<boolean>
  is_default: Generated<boolean>
  created_at: Timestamp
}

export interface TranslationsTable {
  language_code: string
  key: string
  value: string
  edited_by_admin: Generated<boolean>
  updated_at: Timestamp
}

export interface ReferenceStylesTable {
  id: Generated<number>
  slug: string
  name: string
  sort_order: number
}

export interface ColorCategoriesTable {
  id: Generated<number>
  name: string
  sort_order: number
}

export interface UserColorPreferencesTable {
  user_id: string
  hex: string
  category_id: number
}

export interface BatchesTable {
  id: string
  user_id: string
  reference_style_id: number
  created_at: Timestamp
  submitted_at: NullableTimestamp
}

export interface DocumentsTable {
  id: Generated<string>
  user_id: string
  batch_id: string
  reference_style_id: number
  original_filename: string
  storage_key: string | null
  size_bytes: ColumnType<string, number | string, number | string>
  upload_status: Generated<string>
  status_message: string | null
  page_count: number | null
  page_numbers: Json<number[] | null>
  metadata: Json<Record<string, unknown> | null>
  citation: string | null
  extracted_colors: Json<string[] | null>
  reference_list: Json<unknown[] | null>
  txt_key: string | null
  docx_key: string | null
  references_key: string | null
  md_key: string | null
  bib_key: string | null
  ris_key: string | null
  csv_key: string | null
  output_language: string | null
  created_at: Timestamp
  updated_at: Timestamp
  completed_at: NullableTimestamp
  expired_at: NullableTimestamp
}

export interface DocumentStatusHistoryTable {
  id: Generated<string>
  document_id: string
  from_status: string | null
  to_status: string
  message: string | null
  created_at: Timestamp
}

export interface AnnotationsTable {
  id: Generated<string>
  document_id: string
  position: number
  type: string
  page: number
  page_label: string | null
  color: string | null
  text: string | null
  comment: string | null
  author: string | null
  modified_at: NullableTimestamp
  category_id: number | null
  citations: Json<unknown[] | null>
}

export interface DocumentReferencesTable {
  id: Generated<string>
  document_id: string
  annotation_id: string | null
  parent_id: string | null
  position: number
  categorization_tag: string
  reference_text: string
  reference_url: string | null
  is_split_reference: Generated<boolean>
}

export interface AuditLogsTable {
  id: Generated<string>
  admin_user_id: string | null
  action: string
  resource_type: string
  resource_id: string | null
  ip_address: string | null
  details: Json<Record<string, unknown>>
  created_at: Timestamp
}

export interface EmailOutboxTable {
  id: Generated<string>
  to_address: string
  subject: string
  body_text: string
  created_at: Timestamp
  sent_at: NullableTimestamp
  error: string | null
}

export interface RateLimitsTable {
  bucket: string
  window_start: Timestamp
  hits: number
}

export interface LoginThrottleTable {
  key: string
  failures: number
  last_failure_at: Timestamp
  blocked_until: Timestamp
}

export interface Database {
  users: UsersTable
  sessions: SessionsTable
  invitations: InvitationsTable
  password_reset_tokens: PasswordResetTokensTable
  subscribers: SubscribersTable
  languages: LanguagesTable
  translations: TranslationsTable
  reference_styles: ReferenceStylesTable
  color_categories: ColorCategoriesTable
  user_color_preferences: UserColorPreferencesTable
  batches: BatchesTable
  documents: DocumentsTable
  document_status_history: DocumentStatusHistoryTable
  annotations: AnnotationsTable
  document_references: DocumentReferencesTable
  audit_logs: AuditLogsTable
  email_outbox: EmailOutboxTable
  rate_limits: RateLimitsTable
  login_throttle: LoginThrottleTable
}

export type User = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
export type Language = Selectable<LanguagesTable>
