import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Deck from '#models/deck'
import ApiException from '#exceptions/api_exception'
import { MEDIA_URL, type MediaRow } from '#exporters/deck_bundle/media'
import type { CardRow, DeckRow, DeckSnapshot, NoteRow } from '#exporters/deck_bundle/snapshot'

type Viewer = { id: number }

/** Every read a deck's bundle needs (app/exporters/deck_bundle.ts), in the caller's snapshot. */
export async function readDeck(
  user: Viewer,
  deckId: number,
  includeProgress: boolean,
  trx: TransactionClientContract
): Promise<DeckSnapshot> {
  const root = await Deck.query({ client: trx })
    .withScopes((s) => s.accessibleBy(user))
    .where('decks.id', deckId)
    .first()
  if (!root) throw ApiException.notFound()

  const { rows: decks } = (await trx.rawQuery(
    `with recursive tree as (
       select id, name, parent_id, position, 0 as depth from decks where id = ?
       union all
       select d.id, d.name, d.parent_id, d.position, t.depth + 1 from decks d join tree t on d.parent_id = t.id
     ) select * from tree order by depth, position, id`,
    [root.id]
  )) as { rows: DeckRow[] }
  const ids = decks.map((deck) => deck.id)

  const notes: NoteRow[] = await trx
    .from('notes')
    .whereIn('deck_id', ids)
    .orderBy('created_at')
    .orderBy('id')
    .select(
      'id',
      'deck_id',
      'note_type_id',
      'guid',
      'fields',
      'field_attachments_map',
      'tags',
      'is_reversed',
      'user_id',
      'created_at',
      'source_fields'
    )

  const typeIds = [...new Set(notes.map((note) => note.note_type_id))]
  const noteTypes = typeIds.length
    ? await trx
        .from('note_types')
        .whereRaw('id = any(?::int[])', [typeIds])
        .select(
          'id',
          'kind',
          'name',
          'fields',
          'templates',
          'css',
          'anki_id',
          'sort_field',
          'anki_model'
        )
    : []

  const cardsOfDeck = () => trx.from('notes').whereIn('deck_id', ids).select('id')
  const cards: CardRow[] = notes.length
    ? await trx
        .from('cards')
        .whereIn('note_id', cardsOfDeck())
        .orderBy('note_id')
        .orderBy('ord')
        .select('id', 'note_id', 'deck_id', 'ord', 'created_at')
    : []

  const keys = new Set<string>()
  for (const note of notes) {
    for (const html of Object.values(note.fields ?? {})) {
      for (const match of String(html ?? '').matchAll(MEDIA_URL)) keys.add(match[1].toLowerCase())
    }
  }
  /* only files of the notes' owner: the media controller serves nobody else's either */
  const owners = [...new Set(notes.map((note) => note.user_id))]
  const media: MediaRow[] = keys.size
    ? await trx
        .from('media')
        .whereRaw('key = any(?::text[])', [[...keys]])
        .whereRaw('user_id = any(?::int[])', [owners])
        .orderBy('id')
        .select('key', 'original_name', 'size')
    : []

  const cardIds = () => trx.from('cards').whereIn('note_id', cardsOfDeck()).select('id')
  const progress =
    includeProgress && cards.length
      ? await trx
          .from('card_progress as p')
          .where('p.user_id', user.id)
          .whereIn('p.card_id', cardIds())
          .select('p.*')
      : []
  const reviews =
    includeProgress && cards.length
      ? await trx
          .from('review_logs')
          .where('user_id', user.id)
          .whereIn('card_id', cardIds())
          .orderBy('reviewed_at')
          .orderBy('id')
          .select(
            'card_id',
            'rating',
            'kind',
            'interval_before',
            'interval_after',
            'ease_after',
            'reviewed_at',
            'duration_ms'
          )
      : []

  /* the learner's marks on any card, new ones too: removed from study, buried for the rest of the day */
  const suspensions: { card_id: number }[] =
    includeProgress && cards.length
      ? await trx
          .from('card_suspensions')
          .where('user_id', user.id)
          .whereIn('card_id', cardIds())
          .select('card_id')
      : []
  const suspended = suspensions.map((row) => row.card_id)
  const burials =
    includeProgress && cards.length
      ? await trx
          .from('card_burials')
          .where('user_id', user.id)
          .whereIn('card_id', cardIds())
          .where('until', '>', new Date())
          .select('card_id', 'manual')
      : []

  return { decks, notes, noteTypes, cards, media, progress, reviews, suspended, burials }
}
