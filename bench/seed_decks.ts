import type { Database } from '@adonisjs/lucid/database'

/**
 * A learner with `roots` root decks in folders (five roots a folder), each
 * with a subdeck and a sub-subdeck (3 decks per root), `cardsPerDeck` basic
 * cards in each deck, a third of them reviewed, a tenth learning, a few
 * frozen: the app's own user action and plain SQL, in the seeding process
 * (bench/support.ts bootForSeeding). Returns the e-mail, an API token and
 * the size it made.
 */
export async function seedDeckTree(
  db: Database,
  email: string,
  roots: number,
  cardsPerDeck: number
) {
  const { default: User } = await import('#models/user')
  const { createUser } = await import('#actions/auth/create_user')
  const user = await createUser({
    email,
    password: 'bench-password-1',
    provider: 'email',
    name: 'Bench',
  })
  await db.rawQuery(
    `insert into folders (user_id, name, color, position, created_at, updated_at)
     select ?, 'Folder ' || i, 'blue', i, now(), now() from generate_series(1, ?) i`,
    [user.id, Math.max(1, roots / 5)]
  )
  /* each root deck has a subdeck which has a subdeck: 3 decks per root */
  await db.rawQuery(
    `insert into decks (user_id, name, position, folder_id, created_at, updated_at)
     select ?, 'Deck ' || i, i, f.id, now(), now()
     from generate_series(1, ?) i
     join (select id, row_number() over (order by id) - 1 as n, count(*) over () as total from folders where
       user_id = ?) f
       on f.n = i % f.total`,
    [user.id, roots, user.id]
  )
  await db.rawQuery('update decks set root_deck_id = id where user_id = ?', [user.id])
  for (const name of ['Subdeck', 'Sub-subdeck']) {
    await db.rawQuery(
      `insert into decks (user_id, name, position, parent_id, root_deck_id, created_at, updated_at)
       select ?, ?, 1, d.id, d.root_deck_id, now(), now() from decks d
       where d.user_id = ? and not exists (select 1 from decks c where c.parent_id = d.id)`,
      [user.id, name, user.id]
    )
  }
  const basic = (await db.from('note_types').whereNull('user_id').where('kind', 'basic').first()).id
  await db.rawQuery(
    `insert into notes (user_id, deck_id, note_type_id, guid, fields, sort_text, search_text, created_at, updated_at)
     select ?, d.id, ?, md5(d.id || '-' || i), jsonb_build_object('Front', 'Question ' || i, 'Back', 'Answer ' || i),
            'question ' || i, 'question ' || i || ' answer ' || i, now(), now()
     from decks d, generate_series(1, ?) i where d.user_id = ?`,
    [user.id, basic, cardsPerDeck, user.id]
  )
  await db.rawQuery(
    `insert into cards (note_id, deck_id, ord, created_at) select n.id, n.deck_id, 0, now() from notes n where ` +
      `n.user_id = ?`,
    [user.id]
  )
  /* a third reviewed, a tenth learning, a few frozen: counters have work to do */
  await db.rawQuery(
    `insert into card_progress (user_id, card_id, deck_id, state, due_at, frozen, created_at, updated_at)
     select ?, c.id, c.deck_id,
            case when c.id % 10 = 0 then 'learning' else 'review' end,
            now() + ((c.id % 20) - 5) * interval '1 day', c.id % 50 = 0, now(), now()
     from cards c join notes n on n.id = c.note_id where n.user_id = ? and (c.id % 3 = 0 or c.id % 10 = 0)`,
    [user.id, user.id]
  )
  await db.rawQuery('analyze')
  const decks = await db.from('decks').where('user_id', user.id).count('* as n').first()
  const cards = await db
    .from('cards')
    .join('notes', 'notes.id', 'cards.note_id')
    .where('notes.user_id', user.id)
    .count('* as n')
    .first()
  const token = (await User.accessTokens.create(user)).value!.release()
  return { email, token, size: `${decks.n} decks, ${cards.n} cards` }
}
