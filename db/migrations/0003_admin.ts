import { sql, type Kysely } from 'kysely'

// The admin area (issue 12): indexes its lists and figures need at 10k users / 100k documents /
// 200k audit entries, and the two user-facing audit events recorded by the database itself.
export async function up(db: Kysely<any>): Promise<void> {
  // Audit log: newest first, optionally filtered by action or resource type.
  await db.schema.createIndex('audit_logs_created_idx').on('audit_logs').columns(['created_at desc', 'id desc']).execute()
  await db.schema.createIndex('audit_logs_action_created_idx').on('audit_logs').columns(['action', 'created_at desc', 'id desc']).execute()
  await db.schema.createIndex('audit_logs_resource_created_idx').on('audit_logs').columns(['resource_type', 'created_at desc', 'id desc']).execute()
  // Users: windows by creation date, sort by creation date; the admin list's search is a trigram match.
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db)
  await db.schema.createIndex('users_created_idx').on('users').column('created_at').execute()
  await sql`CREATE INDEX users_search_trgm_idx ON users USING gin ((lower(email::text || ' ' || first_name || ' ' || last_name)) gin_trgm_ops)`.execute(db)
  // Documents: figures over a date range, by status.
  await db.schema.createIndex('documents_created_idx').on('documents').columns(['created_at', 'upload_status']).execute()
  await db.schema.createIndex('documents_status_idx').on('documents').column('upload_status').execute()
  await db.schema.createIndex('annotations_document_idx').on('annotations').column('document_id').execute()
  await db.schema.createIndex('invitations_created_idx').on('invitations').column('created_at').execute()
  await db.schema.createIndex('subscribers_created_idx').on('subscribers').column('created_at').execute()
  await db.schema.createIndex('sessions_user_last_seen_idx').on('sessions').columns(['last_seen_at', 'user_id']).execute()

  // user_created (registration, or any other way an account appears) and document_processed (a
  // document reaching `completed`) are written by the database, so no code path can forget them.
  await sql`
    CREATE FUNCTION audit_user_created() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO audit_logs (admin_user_id, action, resource_type, resource_id, details)
      VALUES (NULL, 'user_created', 'user', NEW.id::text,
              jsonb_build_object('email', NEW.email::text, 'is_admin', NEW.is_admin));
      RETURN NEW;
    END $$`.execute(db)
  await sql`CREATE TRIGGER users_audit_created AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION audit_user_created()`.execute(db)
  await sql`
    CREATE FUNCTION audit_document_processed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO audit_logs (admin_user_id, action, resource_type, resource_id, details)
      VALUES (NULL, 'document_processed', 'document', NEW.id::text,
              jsonb_build_object('filename', NEW.original_filename, 'user_id', NEW.user_id::text,
                                 'page_count', NEW.page_count, 'status', NEW.upload_status));
      RETURN NEW;
    END $$`.execute(db)
  await sql`
    CREATE TRIGGER documents_audit_processed AFTER UPDATE OF upload_status ON documents FOR EACH ROW
    WHEN (NEW.upload_status = 'completed' AND OLD.upload_status IS DISTINCT FROM 'completed')
    EXECUTE FUNCTION audit_document_processed()`.execute(db)

  // Entries cannot be edited or deleted through the product: the table refuses UPDATE outright;
  // DELETE is left to the database owner (a user's deletion sets admin_user_id to NULL via the FK,
  // which is an UPDATE done by PostgreSQL itself, so only changes to the entry's own columns are refused).
  await sql`
    CREATE FUNCTION audit_logs_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.action IS DISTINCT FROM OLD.action OR NEW.resource_type IS DISTINCT FROM OLD.resource_type
         OR NEW.resource_id IS DISTINCT FROM OLD.resource_id OR NEW.details IS DISTINCT FROM OLD.details
         OR NEW.ip_address IS DISTINCT FROM OLD.ip_address OR NEW.created_at IS DISTINCT FROM OLD.created_at
         OR (NEW.admin_user_id IS NOT NULL AND NEW.admin_user_id IS DISTINCT FROM OLD.admin_user_id) THEN
        RAISE EXCEPTION 'audit log entries cannot be changed';
      END IF;
      RETURN NEW;
    END $$`.execute(db)
  await sql`CREATE TRIGGER audit_logs_no_update BEFORE UPDATE ON audit_logs FOR EACH ROW EXECUTE FUNCTION audit_logs_immutable()`.execute(db)
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only')
}
