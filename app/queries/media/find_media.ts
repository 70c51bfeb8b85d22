import Media from '#models/media'
import ApiException from '#exceptions/api_exception'

/*
 * A file shown by a shared deck: whoever takes part in the tree (an active
 * participant, or the owner of a tree that has participants: an editor's
 * upload) sees a file uploaded to a deck of the tree or named by one of its
 * notes (as unused_media.ts finds a file's notes: its UUID in a field or an
 * occlusion mask). Read only when the caller is not the file's uploader.
 */
const SHARED_WITH_VIEWER = `exists (
  select 1 from decks d
   where d.root_deck_id in (
           select c.deck_id from deck_collaborators c where c.user_id = ? and c.state = 'active'
           union select c.deck_id from deck_collaborators c join decks r on r.id = c.deck_id where r.user_id = ?)
     and (media.deck_id = d.id or exists (
       select 1 from notes n where n.deck_id = d.id
          and strpos(lower(n.fields::text || ' ' || n.field_attachments_map::text), split_part(media.key, '.',
            1)) > 0)))`

/* a file of a deck embedded elsewhere (the embed page names it with the deck's sharing token), while sharing is on */
const EMBEDDED = `exists (
  select 1 from decks r join decks d on d.root_deck_id = r.id
   where r.sharing_token = ? and r.sharing_enabled and r.parent_id is null
     and (media.deck_id = d.id or exists (
       select 1 from notes n where n.deck_id = d.id
          and strpos(lower(n.fields::text || ' ' || n.field_attachments_map::text), split_part(media.key, '.',
            1)) > 0)))`

/*
 * a file the public library shows: named by a note of the current revision of a published deck (the
 * `published` scope of PublicDeck), readable by anyone as the library is
 */
const IN_LIBRARY = `exists (
  select 1 from public_decks p join library_notes ln on ln.revision_id = p.current_revision_id
   where p.status = 'approved' and p.unpublished_at is null
     and strpos(lower(ln.fields::text || ' ' || ln.field_attachments_map::text), split_part(media.key, '.', 1)) > 0)`

/**
 * An uploaded file, for whoever may see it (its owner, the participants of a
 * deck that shows it, and an embed of a deck shown with sharing on), or a
 * file the public library shows, for anyone; anyone else, or nobody signed
 * in, gets a 404. The library is asked only when nothing else gave the file.
 */
export async function findMedia(
  viewer: { id: number } | null | undefined,
  key: string,
  embedToken?: string
) {
  const embedded =
    typeof embedToken === 'string' && embedToken.length > 0 && embedToken.length <= 64
  const media =
    viewer || embedded
      ? await Media.query()
          .where('key', key)
          .where((access) => {
            if (viewer)
              access
                .where('user_id', viewer.id)
                .orWhereRaw(SHARED_WITH_VIEWER, [viewer.id, viewer.id])
            if (embedded) access.orWhereRaw(EMBEDDED, [embedToken])
          })
          .first()
      : null
  const shown = media ?? (await Media.query().where('key', key).whereRaw(IN_LIBRARY).first())
  if (!shown) throw ApiException.notFound()
  return shown
}
