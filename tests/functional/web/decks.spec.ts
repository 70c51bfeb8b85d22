import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { archiveDeck } from '#actions/decks/archive_deck'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { createDeck } from '#actions/decks/create_deck'
import { saveFolder } from '#actions/folders/save_folder'
import Deck from '#models/deck'
import Folder from '#models/folder'
import type User from '#models/user'
import { getQueue, dispatchesSettled } from '#services/queue'
import { resetState } from '#tests/support/helpers'
import { signedIn, WebSession } from '#tests/support/web_session'
import { setProgress, snapshot } from '#tests/support/content'

/** A folder with one deck, a deck with a subdeck holding two notes, and an archived deck. */
async function library(user: User) {
  const folder = await saveFolder(user, { name: 'Languages', color: 'green', emoji_utf_16: '🌍' })
  const inFolder = await createDeck(user, { name: 'Spanish', folder_id: folder.id })
  const main = await createDeck(user, { name: 'Biology' })
  const sub = await createDeck(user, { name: 'Cells', parent_id: main.id })
  const notes = await bulkCreateNotes(user, {
    deck_id: sub.id,
    import_data: [
      { front: 'Mitochondria', back: 'Powerhouse of the cell' },
      { front: 'Ribosome', back: 'Makes proteins' },
    ],
  })
  const archived = await createDeck(user, { name: 'Old stuff' })
  await archiveDeck(user, { id: archived.id, archived: true })
  return { folder, inFolder, main, sub, notes, archived }
}

const page = async (web: WebSession, path: string) => {
  const response = await web.get(path)
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`)
  return WebSession.page(response.text)
}

/**
 * Keeps the worker from taking the jobs `work` starts, then drops them: the
 * page's view of a job in progress, without depending on how long it runs.
 */
async function holdingJobs(work: () => Promise<void>) {
  const queue = getQueue()
  await queue.pause()
  try {
    await work()
  } finally {
    /* the jobs dispatched after a commit are in the queue before it is emptied */
    await dispatchesSettled()
    await queue.obliterate({ force: true })
    await queue.resume()
  }
}

/** Jobs run on the test worker: wait (bounded) until the deck is out of its processing state. */
async function settled(deckId: number) {
  for (let i = 0; i < 150; i++) {
    const deck = await Deck.findOrFail(deckId)
    if (!deck.isProcessing) return deck
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`deck ${deckId} still processing`)
}

test.group('Web: deck list and deck pages', (group) => {
  group.each.setup(() => resetState())

  test('the home page lists folders, decks, subdecks and counts', async ({ assert }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { folder, inFolder, main, sub, archived } = await library(user)

    const home = await page(web, '/')
    assert.equal(home.component, 'home')
    const byId = new Map(home.props.decks.map((deck: any) => [deck.id, deck]))
    assert.sameMembers([...byId.keys()], [inFolder.id, main.id, sub.id])
    assert.notInclude([...byId.keys()], archived.id)
    assert.equal((byId.get(sub.id) as any).parentId, main.id)
    assert.deepEqual((byId.get(main.id) as any).children, [sub.id])
    assert.equal((byId.get(main.id) as any).totalCardsCount, 2, 'a deck counts its subdecks')
    assert.equal((byId.get(main.id) as any).newCardsCount, 2)
    assert.equal((byId.get(inFolder.id) as any).folderId, folder.id)
    assert.deepEqual(home.props.folders, [
      {
        id: folder.id,
        name: 'Languages',
        color: 'green',
        emojiUtf16: '🌍',
        position: 1,
        decks: [inFolder.id],
      },
    ])
    assert.equal(home.props.numberOfArchivedDecks, 1)
    assert.deepEqual(home.props.polling, [])
    assert.deepEqual(home.props.started, [])
    assert.include(home.props.folderColors, 'green')

    assert.equal((await page(new WebSession(), '/')).component, 'marketing/landing')
  })

  test('the archive lists archived decks; the deck page has its tabs and card list', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { main, sub, notes, archived } = await library(user)

    const archive = await page(web, '/decks/archived')
    assert.equal(archive.component, 'decks/archived')
    assert.deepEqual(
      archive.props.decks.map((deck: any) => deck.id),
      [archived.id]
    )

    const general = await page(web, `/decks/${main.id}`)
    assert.equal(general.component, 'decks/show')
    assert.equal(general.props.tab, 'general')
    assert.isNull(general.props.notes)
    assert.equal(general.props.deck.id, main.id)
    assert.sameMembers(
      general.props.tree.map((deck: any) => deck.id),
      [main.id, sub.id]
    )
    assert.notProperty(general.props, 'destinations', 'the picker list loads on demand')

    const cards = await page(web, `/decks/${main.id}?tab=cards&sort_by=alphabetical&order=DESC`)
    assert.equal(cards.props.notes.total, 2)
    assert.deepEqual(
      cards.props.notes.items.map((note: any) => note.front.preview),
      ['Ribosome', 'Mitochondria']
    )
    assert.equal(cards.props.notes.items[0].learningState, 'new')
    assert.notProperty(cards.props.notes.items[0], 'fields')
    await main.refresh()
    assert.equal(main.notesSortBy, 'alphabetical', 'the sort is remembered on the deck')
    assert.equal(main.notesOrder, 'DESC')

    const remembered = await page(web, `/decks/${main.id}?tab=cards`)
    assert.equal(remembered.props.notes.sortBy, 'alphabetical')
    const searched = await page(web, `/decks/${main.id}?tab=cards&query=%20ribo%20`)
    assert.deepEqual(
      searched.props.notes.items.map((note: any) => note.id),
      [notes[1].id]
    )
    assert.equal(searched.props.notes.query, 'ribo')
    await setProgress(user.id, notes[0].id, { state: 'new', frozen: true })
    const frozen = await page(web, `/decks/${main.id}?tab=cards&frozen=true`)
    assert.deepEqual(
      frozen.props.notes.items.map((note: any) => note.id),
      [notes[0].id]
    )
    assert.isTrue(frozen.props.notes.items[0].isFrozen)
    const bogus = await page(web, `/decks/${main.id}?tab=cards&learning_state=nonsense&page=abc`)
    assert.equal(bogus.props.notes.total, 2, 'a bad query string lists everything')
    const pastTheEnd = await page(web, `/decks/${main.id}?tab=cards&page=4`)
    assert.equal(pastTheEnd.props.notes.page, 1)
    assert.lengthOf(pastTheEnd.props.notes.items, 2)

    const other = await signedIn('bob@example.test')
    assert.equal((await other.web.get(`/decks/${main.id}`)).status, 404)
    assert.equal((await web.get('/decks/999999')).status, 404)
  })

  test('deck writes work for their owner', async ({ assert }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { folder, inFolder, main, sub, notes } = await library(user)
    await web.get('/')

    assert.equal((await web.post('/decks', { deck: { name: 'Chemistry' } })).status, 302)
    const chemistry = await Deck.findByOrFail('name', 'Chemistry')
    await web.post('/decks', { deck: { name: 'Acids', parent_id: chemistry.id } })
    assert.equal((await Deck.findByOrFail('name', 'Acids')).parentId, chemistry.id)

    await web.put(`/decks/${chemistry.id}`, {
      deck: {
        name: 'Chem',
        new_cards_per_day: 5,
        max_cards_per_day: null,
        shuffle_cards_enabled: true,
        font_settings: { phone: { size: 24, alignment: 'left' } },
      },
    })
    await chemistry.refresh()
    assert.deepEqual(
      [chemistry.name, chemistry.newCardsPerDay, chemistry.shuffleCardsEnabled],
      ['Chem', 5, true]
    )
    assert.deepEqual(chemistry.fontSettings.phone, { size: 24, alignment: 'left' })
    assert.equal((await page(web, '/')).props.flash.success, 'Deck saved')

    await web.post(`/decks/${chemistry.id}/move`, { folder_id: folder.id })
    assert.equal((await chemistry.refresh()).folderId, folder.id)
    await web.post(`/decks/${chemistry.id}/move`, { parent_deck_id: main.id })
    await chemistry.refresh()
    assert.deepEqual(
      [chemistry.parentId, chemistry.rootDeckId, chemistry.folderId],
      [main.id, main.id, null]
    )
    await web.post(`/decks/${chemistry.id}/move`, {})
    assert.isNull((await chemistry.refresh()).parentId)

    await web.post('/decks/reorder', { deck_ids: [chemistry.id, main.id, inFolder.id] })
    const order = await Deck.query()
      .whereIn('id', [chemistry.id, main.id, inFolder.id])
      .orderBy('position')
    assert.deepEqual(
      order.map((deck) => deck.id),
      [chemistry.id, main.id, inFolder.id]
    )

    await setProgress(user.id, notes[0].id, { state: 'review', dueAt: new Date() })
    await web.post(`/decks/${main.id}/reset_progress`)
    assert.equal(
      Number(
        (await db.from('card_progress').where('user_id', user.id).count('* as count').first()).count
      ),
      0
    )

    await web.post(`/decks/${main.id}/archive`)
    assert.equal((await main.refresh()).state, 'archived')
    assert.equal(
      (await sub.refresh()).state,
      'archived',
      'subdecks are archived with their main deck'
    )
    assert.equal((await page(web, '/')).props.numberOfArchivedDecks, 2)
    await web.delete(`/decks/${main.id}/archive`)
    assert.equal((await main.refresh()).state, 'active')

    await db.from('decks').where('id', inFolder.id).update({ source: 'pre-made' })
    await web.post(`/decks/${inFolder.id}/report`, { report_text: 'Wrong answers' })
    assert.equal(
      (await db.from('deck_reports').where('deck_id', inFolder.id).first()).text,
      'Wrong answers'
    )

    await web.delete(`/decks/${chemistry.id}`)
    assert.isNull(await Deck.find(chemistry.id))
    assert.isNull(await Deck.findBy('name', 'Acids'), 'subdecks go with their deck')
  })

  test('duplicating a deck is followed by the page until its job ends', async ({ assert }) => {
    const { user, web } = await signedIn('ana@example.test')
    const main = await createDeck(user, { name: 'Biology' })
    await createDeck(user, { name: 'Cells', parent_id: main.id })
    await web.get('/')
    await web.post(`/decks/${main.id}/duplicate`, { keep_progress: true })
    const copy = await Deck.query().where('cloned_from_id', main.id).firstOrFail()
    const home = await page(web, '/')
    assert.lengthOf(home.props.started, 1)
    assert.deepInclude(home.props.started[0], {
      id: copy.id,
      state: 'duplicating',
      name: 'Biology (copy)',
      counters: { total: 0, processed: 0 },
    })
    await settled(copy.id)
    const after = await page(web, '/')
    assert.deepEqual(after.props.started, [], 'the start is told once')
    assert.deepEqual(after.props.polling, [])
    assert.deepEqual(after.props.decks.find((deck: any) => deck.id === copy.id).children.length, 1)
  })

  test('a card removed from study on the learning page shows in the card list and comes back from it', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { main, notes } = await library(user)
    const [card] = await db.from('cards').where('note_id', notes[0].id).select('id')
    await web.get(`/decks/${main.id}/learn`)
    const removed = await web.delete(`/learn/cards/${card.id}`, { deck_id: main.id })
    assert.equal(removed.status, 200)

    const list = await page(web, `/decks/${main.id}?tab=cards`)
    const item = list.props.notes.items.find((note: any) => note.id === notes[0].id)
    assert.include(item, { isSuspended: true, suspendedCardsCount: 1 })
    assert.isFalse(list.props.notes.items.find((note: any) => note.id === notes[1].id).isSuspended)
    const onlyRemoved = await page(web, `/decks/${main.id}?tab=cards&suspended=true`)
    assert.deepEqual(
      onlyRemoved.props.notes.items.map((note: any) => note.id),
      [notes[0].id]
    )
    assert.equal(onlyRemoved.props.notes.suspended, true)

    /* the row's "Bring back" (and the bulk action) */
    await web.post(`/decks/${main.id}/notes/bulk`, { bulk_action: 'unsuspend', ids: [notes[0].id] })
    const back = await page(web, `/decks/${main.id}?tab=cards`)
    assert.equal(back.props.flash.success, '1 card back in study')
    assert.isFalse(back.props.notes.items.some((note: any) => note.isSuspended))
    assert.equal(Number((await db.from('card_suspensions').count('* as n').first()).n), 0)
    await web.post(`/decks/${main.id}/notes/bulk`, { bulk_action: 'suspend', select_all: true })
    assert.equal(
      (await page(web, `/decks/${main.id}?tab=cards`)).props.flash.success,
      '2 cards removed from study'
    )
    assert.equal(Number((await db.from('card_suspensions').count('* as n').first()).n), 2)
    assert.equal(Number((await db.from('notes').count('* as n').first()).n), 2, 'nothing deleted')
  })

  test('bulk actions act on the selection, or on every note matching the filters', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { main, sub, notes, inFolder } = await library(user)
    const more = await bulkCreateNotes(user, {
      deck_id: main.id,
      import_data: [{ front: 'Nucleus', back: 'Holds DNA' }],
    })
    const frozenIds = async () =>
      (
        await db
          .from('card_progress as p')
          .join('cards as c', 'c.id', 'p.card_id')
          .where('p.frozen', true)
          .select('c.note_id')
      ).map((row) => row.note_id)
    await web.get(`/decks/${main.id}?tab=cards`)

    const freeze = await web.post(`/decks/${main.id}/notes/bulk`, {
      bulk_action: 'freeze',
      ids: [notes[0].id],
    })
    assert.equal(
      new URL(freeze.location!).search,
      '?tab=cards',
      'back to the same tab, search and page'
    )
    assert.sameMembers(await frozenIds(), [notes[0].id])
    assert.equal(
      (await page(web, `/decks/${main.id}?tab=cards`)).props.flash.success,
      '1 card paused'
    )

    await web.post(`/decks/${main.id}/notes/bulk`, {
      bulk_action: 'freeze',
      select_all: true,
      query: 'nucl',
    })
    assert.sameMembers(
      await frozenIds(),
      [notes[0].id, more[0].id],
      'select all with a search means the matches only'
    )
    await web.post(`/decks/${main.id}/notes/bulk`, { bulk_action: 'unfreeze', select_all: true })
    assert.deepEqual(await frozenIds(), [])

    await web.post(`/decks/${main.id}/notes/bulk`, { bulk_action: 'duplicate', ids: [more[0].id] })
    assert.equal(
      Number((await db.from('notes').where('deck_id', main.id).count('* as count').first()).count),
      2
    )

    await holdingJobs(async () => {
      await web.post(`/decks/${main.id}/notes/bulk`, {
        bulk_action: 'move',
        ids: [notes[1].id],
        destination_deck_id: inFolder.id,
      })
      const moving = await page(web, `/decks/${main.id}?tab=cards`)
      assert.deepInclude(moving.props.started[0], {
        id: main.id,
        state: 'notes_moving',
        destinationName: 'Spanish',
        counters: { total: 1, processed: 0 },
      })
      assert.deepEqual(
        moving.props.polling.map((entry: any) => [entry.id, entry.state]),
        [[main.id, 'notes_moving']]
      )
      await web.post(`/decks/${main.id}/notes/bulk`, { bulk_action: 'freeze', ids: [notes[1].id] })
      assert.equal(
        (await page(web, `/decks/${main.id}?tab=cards`)).props.flash.error,
        'This deck is being updated'
      )
    })
    await db.from('decks').where('id', main.id).update({ state: 'active' })

    await holdingJobs(async () => {
      await web.post(`/decks/${main.id}/notes/bulk`, { bulk_action: 'unreverse', select_all: true })
      assert.deepInclude((await page(web, `/decks/${main.id}?tab=cards`)).props.started[0], {
        id: main.id,
        state: 'bulk_reversing',
        reverse: false,
      })
    })
    await db.from('decks').where('id', main.id).update({ state: 'active' })

    await web.post(`/decks/${main.id}/notes/bulk`, {
      bulk_action: 'destroy',
      ids: [notes[0].id, notes[1].id],
    })
    assert.equal(
      Number((await db.from('notes').where('deck_id', sub.id).count('* as count').first()).count),
      0
    )

    await web.post(`/decks/${main.id}/notes/bulk`, { bulk_action: 'move', ids: [more[0].id] })
    assert.equal(
      (await page(web, `/decks/${main.id}?tab=cards`)).props.errors.destination_deck_id,
      'Choose the deck to move the cards to'
    )
  })

  test('folder writes work for their owner; a deleted folder keeps its decks', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { folder, inFolder } = await library(user)
    await web.get('/')

    await web.post('/folders', { name: 'Science', color: 'violet', emoji_utf_16: '' })
    const science = await Folder.findByOrFail('name', 'Science')
    assert.deepEqual([science.color, science.emojiUtf16], ['violet', null])
    await web.put(`/folders/${science.id}`, { name: 'Sciences', emoji_utf_16: '🧪', color: 'teal' })
    await science.refresh()
    assert.deepEqual([science.name, science.emojiUtf16, science.color], ['Sciences', '🧪', 'teal'])
    await web.put(`/folders/${science.id}`, { emoji_utf_16: null })
    assert.isNull((await science.refresh()).emojiUtf16)

    await web.post('/folders/reorder', { folder_ids: [science.id, folder.id] })
    assert.deepEqual(
      (await Folder.query().where('user_id', user.id).orderBy('position')).map((item) => item.id),
      [science.id, folder.id]
    )

    await web.delete(`/folders/${folder.id}`)
    assert.isNull(await Folder.find(folder.id))
    await inFolder.refresh()
    assert.isNull(inFolder.folderId, 'its decks stay, at the top level')
  })

  test('another signed-in user gets a 404 from every write and changes nothing', async ({
    assert,
  }) => {
    const { user } = await signedIn('ana@example.test')
    const { folder, main, inFolder, notes } = await library(user)
    const { web } = await signedIn('bob@example.test')
    await web.get('/')
    const before = await snapshot()

    const attempts: [string, string, Record<string, unknown>][] = [
      ['POST', '/decks', { deck: { name: 'Intruder', parent_id: main.id } }],
      ['POST', '/decks', { deck: { name: 'Intruder', folder_id: folder.id } }],
      ['PUT', `/decks/${main.id}`, { deck: { name: 'Hacked' } }],
      ['DELETE', `/decks/${main.id}`, {}],
      ['POST', `/decks/${main.id}/duplicate`, {}],
      ['POST', `/decks/${main.id}/move`, { folder_id: null }],
      ['POST', '/decks/reorder', { deck_ids: [inFolder.id, main.id] }],
      ['POST', `/decks/${main.id}/reset_progress`, {}],
      ['POST', `/decks/${main.id}/report`, { report_text: 'spam' }],
      ['POST', `/decks/${main.id}/archive`, {}],
      ['DELETE', `/decks/${main.id}/archive`, {}],
      ['POST', `/decks/${main.id}/notes/bulk`, { bulk_action: 'destroy', ids: [notes[0].id] }],
      ['POST', `/decks/${main.id}/notes/bulk`, { bulk_action: 'freeze', select_all: true }],
      ['PUT', `/folders/${folder.id}`, { name: 'Hacked' }],
      ['DELETE', `/folders/${folder.id}`, {}],
      ['POST', '/folders/reorder', { folder_ids: [folder.id] }],
    ]
    for (const [method, path, body] of attempts) {
      assert.equal((await web.request(method, path, body)).status, 404, `${method} ${path}`)
    }
    assert.deepEqual(await snapshot(), before)
  })

  test('writes need a signed-in user and the CSRF token', async ({ assert }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { main, folder } = await library(user)
    await web.get('/')
    const before = await snapshot()

    for (const [method, path, body] of [
      ['POST', '/decks', { deck: { name: 'Forged' } }],
      ['DELETE', `/decks/${main.id}`, {}],
      ['POST', `/decks/${main.id}/archive`, {}],
      ['POST', `/decks/${main.id}/notes/bulk`, { bulk_action: 'freeze', select_all: true }],
      ['DELETE', `/folders/${folder.id}`, {}],
    ] as const) {
      const forged = await web.request(method, path, body, { csrf: false })
      assert.equal(forged.status, 302, `${method} ${path}`)
    }
    assert.equal(
      (await page(web, '/')).props.flash.error,
      'This page has expired. Please try again.'
    )
    assert.deepEqual(await snapshot(), before)

    const visitor = new WebSession()
    await visitor.get('/sign-in')
    const anonymous = await visitor.post('/decks', { deck: { name: 'Anonymous' } })
    assert.equal(anonymous.location, '/sign-in')
    assert.equal(
      (await visitor.get(`/decks/${main.id}`)).location,
      `/sign-in?next=${encodeURIComponent(`/decks/${main.id}`)}`
    )
    assert.deepEqual(await snapshot(), before)
  })

  test('refused writes come back to the page as messages', async ({ assert }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { archived, sub } = await library(user)
    await web.get('/')

    await web.post('/decks', { deck: { name: '   ' } })
    assert.isString((await page(web, '/')).props.errors['deck.name'])

    await web.get(`/decks/${archived.id}?tab=settings`)
    await web.put(`/decks/${archived.id}`, { deck: { name: 'Renamed' } })
    assert.equal(
      (await page(web, `/decks/${archived.id}?tab=settings`)).props.flash.error,
      'This deck is archived'
    )
    assert.equal((await archived.refresh()).name, 'Old stuff')

    await web.post(`/decks/${sub.id}/archive`)
    assert.equal((await page(web, '/')).props.flash.error, 'Only main decks can be archived')
  })
})
