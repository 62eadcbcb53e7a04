import { type Kysely, sql } from 'kysely'

// Issue 16: web processes keep the session look-up in memory (app/server/session-cache.server.ts).
// Every change that could end or alter a signed-in session, from whatever path (sign-out, password
// change, an admin deactivating or demoting an account, deletion, the expiry sweep), is announced
// on commit so that every web process forgets its copy at once.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'sessions' THEN
        PERFORM pg_notify('sessions_changed', 's:' || OLD.id_hash);
      ELSE
        PERFORM pg_notify('sessions_changed', 'u:' || OLD.id);
      END IF;
      RETURN NULL;
    END $$
  `.execute(db)
  await sql`CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_session_change()`.execute(db)
  await sql`CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_session_change()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER users_changed ON users`.execute(db)
  await sql`DROP TRIGGER sessions_changed ON sessions`.execute(db)
  await sql`DROP FUNCTION notify_session_change()`.execute(db)
}
