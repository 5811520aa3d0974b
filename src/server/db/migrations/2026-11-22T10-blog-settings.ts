import { sql, type Kysely } from 'kysely';

/**
 * Blog settings (the card the owner edits): an uploaded avatar, and the description as sanitized
 * HTML. Until now descriptions were plain text, escaped when shown; they become the same HTML
 * here, so the view can send the stored text as it is. The header image lives in the theme JSON
 * (global_theme_params.header_image_focused), which keeps only what the owner changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The main size of the owner's uploaded image (/media/...); null: the generated pattern.
  await db.schema.alterTable('blogs').addColumn('avatar_path', 'text').execute();
  await sql`
    update blogs
    set description = '<p>' || replace(replace(replace(replace(replace(description,
      '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), chr(10), '<br />') || '</p>'
    where description <> ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Descriptions stay HTML: the text a person typed is not recoverable from it exactly.
  await db.schema.alterTable('blogs').dropColumn('avatar_path').execute();
}
