import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { createDeck } from '#actions/decks/create_deck'
import { saveNote } from '#actions/notes/save_note'
import NoteType from '#models/note_type'
import { makeUser, resetState, tokenFor } from '#tests/support/helpers'
import { waitForJobs } from '#tests/support/content'
import { signedIn, WebSession } from '#tests/support/web_session'
import { share } from '#tests/functional/api/participants/support'
import { CardProgressFactory } from '#database/factories/card_progress_factory'
import { DateTime } from 'luxon'

async function deckWith(owner: { id: number }, name: string, fronts: string[]) {
  const deck = await createDeck(owner as any, { name })
  const notes = await bulkCreateNotes(owner as any, {
    deck_id: deck.id,
    import_data: fronts.map((front) => ({ front, back: `${front} back` })),
  })
  return { deck, noteIds: notes.map((note: { id: number }) => note.id) }
}

const frozenCount = async (userId: number, noteIds: number[]) =>
  Number(
    (
      await db
        .from('card_progress as p')
        .join('cards as c', 'c.id', 'p.card_id')
        .where('p.user_id', userId)
        .whereIn('c.note_id', noteIds)
        .where('p.frozen', true)
        .count('* as n')
        .first()
    ).n
  )

test.group('Web card browser (/cards)', (group) => {
  group.each.setup(() => resetState())

  test(
    'finds cards across decks with the search language, sorted and paged; a malformed search shows where, ' +
      'and no cards',
    async ({ assert }) => {
      const { user, web } = await signedIn()
      await deckWith(user, 'Spanish', ['hablar', 'comer', 'vivir'])
      await deckWith(user, 'French', ['parler'])
      const page = await web.visit(
        '/cards?q=' + encodeURIComponent('deck:Spanish -comer') + '&sort=sort_field&order=asc'
      )
      assert.equal(page.component, 'cards/browser')
      assert.deepEqual(
        page.props.browser.cards.map((card: any) => card.sortField),
        ['hablar', 'vivir']
      )
      assert.equal(page.props.browser.total, 2)
      assert.isNull(page.props.browser.error)
      const all = await web.visit('/cards?sort=deck&order=asc')
      assert.deepEqual(
        all.props.browser.cards.map((card: any) => card.deckName),
        ['French', 'Spanish', 'Spanish', 'Spanish']
      )

      const bad = WebSession.page(
        (await web.get('/cards?q=' + encodeURIComponent('deck:Spanish (is:new'))).text
      )
      assert.deepEqual(bad.props.browser.cards, [])
      assert.equal(bad.props.browser.error.position, 20)
      assert.include(bad.props.browser.error.message, 'character 21')
      assert.include(bad.props.browser.error.message, 'closing parenthesis')
      /* a hand-edited sort or page falls back to the defaults */
      const odd = await web.visit('/cards?sort=nonsense&page=-4')
      assert.equal(odd.props.browser.total, 4)
    }
  )

  test(
    'rows read as written (capitals kept), name each card of a note, and call a review card mastered only ' +
      'from 21 days on',
    async ({ assert }) => {
      const { user, web } = await signedIn()
      const deck = await createDeck(user, { name: 'Deutsch' })
      const builtin = (kind: string) =>
        NoteType.query().whereNull('user_id').where('kind', kind).firstOrFail()
      const [haus] = await bulkCreateNotes(user, {
        deck_id: deck.id,
        import_data: [{ front: 'Das <i>Haus</i>', back: 'the house' }],
        template_id: (await builtin('reversed')).id,
      })
      const clozeType = (await builtin('cloze')).id
      await db.transaction((trx) =>
        saveNote(
          user,
          {
            deck,
            noteTypeId: clozeType,
            fields: { Text: 'Der {{c1::Apfel}} und die {{c2::Birne}}' },
          },
          trx
        )
      )
      /* the note's first card one review in (4 days), its second mature (21 days) */
      const [first, second] = await db
        .from('cards')
        .where('note_id', haus.id)
        .orderBy('ord')
        .select('id', 'deck_id')
      for (const [card, interval] of [
        [first, 4],
        [second, 21],
      ] as const) {
        await CardProgressFactory.merge({
          userId: user.id,
          cardId: card.id,
          deckId: card.deck_id,
          dueAt: DateTime.now().plus({ days: interval }),
          intervalDays: interval,
          reps: 2,
        }).create()
      }
      const page = await web.visit('/cards?q=deck:Deutsch&sort=card&order=asc')
      assert.deepEqual(
        page.props.browser.cards.map((card: any) => [card.sortField, card.cardName, card.status]),
        [
          ['Das Haus', 'Card 1', 'learned'],
          ['Der Apfel und die Birne', 'Cloze 1', 'not_studied'],
          ['Das Haus', 'Card 2', 'mastered'],
          ['Der Apfel und die Birne', 'Cloze 2', 'not_studied'],
        ]
      )
    }
  )

  test(
    'bulk actions on notes of several decks: freeze and tag in one go; the page of a shared deck ' +
      'for a viewer',
    async ({ assert }) => {
      const { user, web } = await signedIn()
      const spanish = await deckWith(user, 'Spanish', ['hablar', 'comer'])
      const french = await deckWith(user, 'French', ['parler'])
      const owner = await makeUser()
      const shared = await deckWith(owner, 'Shared anatomy', ['femur'])
      await share(shared.deck, user, 'viewer')
      await web.get('/cards')
      const picked = [spanish.noteIds[0], french.noteIds[0], shared.noteIds[0]]

      const frozen = await web.post('/cards/bulk', { bulk_action: 'freeze', note_ids: picked })
      assert.equal(frozen.status, 302)
      assert.equal(await frozenCount(user.id, picked), 3)
      /* a viewer's freeze is their own: the owner's progress is untouched */
      assert.equal(await frozenCount(owner.id, picked), 0)
      const found = await web.visit('/cards?q=is:frozen&sort=sort_field&order=asc')
      assert.deepEqual(
        found.props.browser.cards.map((card: any) => card.sortField),
        ['femur', 'hablar', 'parler']
      )

      /* tagging changes the notes: a viewer may not, and then nothing is tagged (one transaction) */
      await web.post('/cards/bulk', { bulk_action: 'tag', note_ids: picked, tag: 'exam' })
      assert.equal(
        Number(
          (await db.from('notes').whereRaw(`tags @> '["exam"]'::jsonb`).count('* as n').first()).n
        ),
        0
      )
      const tagged = await web.post('/cards/bulk', {
        bulk_action: 'tag',
        note_ids: picked.slice(0, 2),
        tag: 'exam',
      })
      assert.equal(tagged.status, 302)
      const again = await web.post('/cards/bulk', {
        bulk_action: 'tag',
        note_ids: picked.slice(0, 2),
        tag: 'EXAM',
      })
      assert.equal(again.status, 302)
      const tags = await db.from('notes').whereIn('id', picked.slice(0, 2)).select('tags')
      assert.deepEqual(
        tags.map((row) => row.tags),
        [['exam'], ['exam']]
      )
      const byTag = await web.visit('/cards?q=tag:exam')
      assert.equal(byTag.props.browser.total, 2)
    }
  )

  test('a move from the browser takes notes of two trees to one deck, through the worker', async ({
    client,
    assert,
  }) => {
    const { user, web } = await signedIn()
    const spanish = await deckWith(user, 'Spanish', ['hablar', 'comer'])
    const french = await deckWith(user, 'French', ['parler'])
    const target = { deck: await createDeck(user, { name: 'Verbs' }) }
    await web.get('/cards')
    const moved = await web.post('/cards/bulk', {
      bulk_action: 'move',
      note_ids: [spanish.noteIds[0], french.noteIds[0]],
      destination_deck_id: target.deck.id,
    })
    assert.equal(moved.status, 302)
    await waitForJobs(client, await tokenFor(user), [spanish.deck.id, french.deck.id])
    const decks = await db
      .from('notes')
      .whereIn('id', [...spanish.noteIds, ...french.noteIds])
      .orderBy('id')
      .select('deck_id')
    assert.deepEqual(
      decks.map((row) => row.deck_id),
      [target.deck.id, spanish.deck.id, target.deck.id]
    )
    const cards = await db
      .from('cards')
      .whereIn('note_id', [spanish.noteIds[0], french.noteIds[0]])
      .select('deck_id')
    assert.deepEqual(
      cards.map((row) => row.deck_id),
      [target.deck.id, target.deck.id]
    )
    const found = await web.visit('/cards?q=' + encodeURIComponent('deck:Verbs'))
    assert.equal(found.props.browser.total, 2)
  }).timeout(60_000)

  test("another learner's notes are refused and nothing changes", async ({ assert }) => {
    const { user, web } = await signedIn()
    const mine = await deckWith(user, 'Mine', ['one'])
    const stranger = await makeUser()
    const theirs = await deckWith(stranger, 'Theirs', ['secret'])
    await web.get('/cards')
    const refused = await web.post('/cards/bulk', {
      bulk_action: 'freeze',
      note_ids: [mine.noteIds[0], theirs.noteIds[0]],
    })
    assert.equal(refused.status, 404)
    assert.equal(await frozenCount(user.id, mine.noteIds), 0)
    const page = await web.visit('/cards?q=secret')
    assert.equal(page.props.browser.total, 0)
    const none = await web.post('/cards/bulk', { bulk_action: 'freeze', note_ids: [] })
    assert.equal(none.status, 302)
    assert.equal(await frozenCount(user.id, mine.noteIds), 0)
    const invalid = await web.post('/cards/bulk', {
      bulk_action: 'tag',
      note_ids: mine.noteIds,
      tag: 'two words',
    })
    assert.equal(invalid.status, 302)
    assert.deepEqual((await db.from('notes').where('id', mine.noteIds[0]).first()).tags, [])
  })
})
