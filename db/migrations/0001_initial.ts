import { sql, type Kysely } from 'kysely'

// The whole data model of DESIGN.md §4 in one forward-only step. Later changes add new files.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS citext`.execute(db)

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', sql`citext`, (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('organization', 'text')
    .addColumn('research_field', 'text')
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('default_reference_style_id', 'integer')
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('browser').check(sql`kind IN ('browser', 'api')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .execute()
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute()

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', sql`citext`)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('grants_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('invited_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('used', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('used_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()

  await db.schema
    .createTable('subscribers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', sql`citext`, (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('marketing_consent', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_email_sent_at', 'timestamptz')
    .execute()

  await db.schema
    .createTable('languages')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // At most one default language.
  await sql`CREATE UNIQUE INDEX languages_one_default ON languages ((true)) WHERE is_default`.execute(db)

  await db.schema
    .createTable('translations')
    .addColumn('language_code', 'text', (c) =>
      c.notNull().references('languages.code').onDelete('cascade').onUpdate('cascade'),
    )
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('edited_by_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('translations_pk', ['language_code', 'key'])
    .execute()

  await db.schema
    .createTable('reference_styles')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .alterTable('users')
    .addForeignKeyConstraint('users_default_reference_style_fk', ['default_reference_style_id'], 'reference_styles', [
      'id',
    ])
    .onDelete('set null')
    .execute()

  await db.schema
    .createTable('color_categories')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('user_color_preferences')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('hex', 'text', (c) => c.notNull().check(sql`hex ~ '^#[0-9a-f]{6}$'`))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('color_categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_color_preferences_pk', ['user_id', 'hex'])
    .execute()

  await db.schema
    .createTable('batches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reference_style_id', 'integer', (c) => c.notNull().references('reference_styles.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('submitted_at', 'timestamptz')
    .execute()

  await db.schema
    .createTable('documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('batch_id', 'text', (c) => c.notNull().references('batches.id').onDelete('cascade'))
    .addColumn('reference_style_id', 'integer', (c) => c.notNull().references('reference_styles.id'))
    .addColumn('original_filename', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text')
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('upload_status', 'text', (c) => c.notNull().defaultTo('uploaded'))
    .addColumn('status_message', 'text')
    .addColumn('page_count', 'integer')
    .addColumn('page_numbers', 'jsonb')
    .addColumn('metadata', 'jsonb')
    .addColumn('citation', 'text')
    .addColumn('extracted_colors', 'jsonb')
    .addColumn('reference_list', 'jsonb')
    .addColumn('txt_key', 'text')
    .addColumn('docx_key', 'text')
    .addColumn('references_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('expired_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('documents_user_created_idx').on('documents').columns(['user_id', 'created_at']).execute()
  await db.schema.createIndex('documents_batch_idx').on('documents').column('batch_id').execute()

  await db.schema
    .createTable('document_status_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('document_id', 'uuid', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute()
  await db.schema.createIndex('document_status_history_doc_idx').on('document_status_history').column('document_id').execute()

  await db.schema
    .createTable('annotations')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('document_id', 'uuid', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('page_label', 'text')
    .addColumn('color', 'text')
    .addColumn('text', 'text')
    .addColumn('comment', 'text')
    .addColumn('author', 'text')
    .addColumn('modified_at', 'timestamptz')
    .addColumn('category_id', 'integer', (c) => c.references('color_categories.id').onDelete('set null'))
    .addColumn('citations', 'jsonb')
    .addUniqueConstraint('annotations_document_position_key', ['document_id', 'position'])
    .execute()

  await db.schema
    .createTable('document_references')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('document_id', 'uuid', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('annotation_id', 'bigint', (c) => c.references('annotations.id').onDelete('cascade'))
    .addColumn('parent_id', 'bigint', (c) => c.references('document_references.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('categorization_tag', 'text', (c) => c.notNull())
    .addColumn('reference_text', 'text', (c) => c.notNull())
    .addColumn('reference_url', 'text')
    .addColumn('is_split_reference', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
  await db.schema.createIndex('document_references_doc_idx').on('document_references').column('document_id').execute()

  await db.schema
    .createTable('audit_logs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('admin_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('error', 'text')
    .execute()

  // Fixed-window counters; kept in PostgreSQL so limits hold across web processes.
  await db.schema
    .createTable('rate_limits')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limits_pk', ['bucket', 'window_start'])
    .execute()
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only')
}
