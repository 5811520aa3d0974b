import { sql, type Kysely } from 'kysely';

/**
 * Spec 2 §2: the inbox has an old and a new variant ('Compose message' and 'Talk to a Tumblr', or
 * 'New Message' and the suggestions with 'Send a message' and 'Posts about #x and #y'). The new one
 * is on for everyone; a user override (feature_flag_overrides) brings the old one back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO feature_flags (name, enabled, description)
    VALUES ('messaging_inbox_new', true, 'The new inbox: New Message, and suggestions with their tags when the inbox is empty.')
    ON CONFLICT (name) DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM feature_flags WHERE name = 'messaging_inbox_new'`.execute(db);
}
