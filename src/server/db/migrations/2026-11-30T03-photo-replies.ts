import { sql, type Kysely } from 'kysely';

/**
 * Issue 26 item 3: a post may take photo replies (allow_photo_replies, off unless its author turns
 * it on), and a reply may carry one photo the replier uploaded ({ url, width, height, alt }). A
 * reply with a photo may leave its words out; one without still needs 1 to 500 characters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts add column allow_photo_replies boolean not null default false`.execute(db);
  await sql`alter table replies add column photo jsonb check (photo is null or jsonb_typeof(photo) = 'object')`.execute(db);
  // The photo's file, by its sha256: a reply on a public post makes it public (media/access.ts).
  await sql`alter table replies add column photo_sha256 text check ((photo is null) = (photo_sha256 is null))`.execute(db);
  await sql`create index replies_photo_sha256_idx on replies (photo_sha256) where photo_sha256 is not null`.execute(db);
  await sql`alter table replies drop constraint replies_text_check`.execute(db);
  await sql`alter table replies add constraint replies_text_check
    check (char_length(text) <= 500 and (char_length(text) >= 1 or photo is not null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from replies where text = ''`.execute(db);
  await sql`alter table replies drop constraint replies_text_check`.execute(db);
  await sql`alter table replies add constraint replies_text_check check (char_length(text) between 1 and 500)`.execute(db);
  await sql`alter table replies drop column photo_sha256`.execute(db);
  await sql`alter table replies drop column photo`.execute(db);
  await sql`alter table posts drop column allow_photo_replies`.execute(db);
}
