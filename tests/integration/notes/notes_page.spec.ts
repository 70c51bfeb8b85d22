import { test } from '@japa/runner'
import { createDeck } from '#actions/decks/create_deck'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import {
  deckNotesPage,
  matchingNoteIds,
  notesListPage,
  NOTES_PAGE_DEFAULT,
} from '#queries/notes/notes_page'
import { editorChoices } from '#queries/notes/editor_choices'
import { loadNotes } from '#queries/notes/load_notes'
import { findDuplicates } from '#queries/notes/find_duplicates'
import DeckTransformer from '#transformers/deck_transformer'
import NoteTransformer from '#transformers/note_transformer'
import NoteTypeTransformer from '#transformers/note_type_transformer'
import NotePageTransformer from '#transformers/note_page_transformer'
import DeckNotesPageTransformer from '#transformers/deck_notes_page_transformer'
import NoteDuplicatesTransformer from '#transformers/note_duplicates_transformer'
import { serialize } from '#transformers/serialize'
import { makeUser, resetState } from '#tests/support/helpers'

async function deckWithNotes(count: number) {
  const user = await makeUser()
  const deck = await createDeck(user, { name: 'Words' })
  const rows = Array.from({ length: count }, (_, index) => ({
    front: `word ${String(index).padStart(2, '0')}`,
    back: 'back',
  }))
  const notes = await bulkCreateNotes(user, { deck_id: deck.id, import_data: rows })
  return { user, deck, notes }
}

test.group("The card list: pages of a deck's notes", (group) => {
  group.each.setup(() => resetState())

  test("notesListPage gives a page of the deck's notes, as the API lists them", async ({
    assert,
  }) => {
    const { user, deck } = await deckWithNotes(3)
    const page = await serialize(
      NotePageTransformer.transform(await notesListPage(user, deck, { deck_id: deck.id }, 1, 5))
    )
    assert.deepInclude(page, {
      total: 3,
      offset: 1,
      limit: 5,
      sortBy: deck.notesSortBy,
      order: deck.notesOrder,
    })
    assert.lengthOf(page.notes, 2)
  })

  test('deckNotesPage numbers the pages; a page past the end shows the last one', async ({
    assert,
  }) => {
    const { user, deck } = await deckWithNotes(NOTES_PAGE_DEFAULT + 3)
    const second = await serialize(
      DeckNotesPageTransformer.transform(await deckNotesPage(user, deck, { deck_id: deck.id }, 2))
    )
    assert.deepInclude(second, {
      total: NOTES_PAGE_DEFAULT + 3,
      page: 2,
      pageSize: NOTES_PAGE_DEFAULT,
      query: '',
      learningState: null,
      frozen: null,
      suspended: null,
    })
    assert.lengthOf(second.items, 3)
    assert.deepEqual(Object.keys(second.items[0].front), ['preview', 'thumbnail'])

    const past = await serialize(
      DeckNotesPageTransformer.transform(await deckNotesPage(user, deck, { deck_id: deck.id }, 9))
    )
    assert.equal(past.page, 2)
    assert.deepEqual(
      past.items.map((item) => item.id),
      second.items.map((item) => item.id)
    )
  })

  test('matchingNoteIds: the notes a search matches; without a search or filter, null (the whole deck)', async ({
    assert,
  }) => {
    const { user, deck, notes } = await deckWithNotes(3)
    assert.isNull(await matchingNoteIds(user, deck, { deck_id: deck.id }))
    assert.deepEqual(await matchingNoteIds(user, deck, { deck_id: deck.id, query: 'word 01' }), [
      notes[1].id,
    ])
  })

  test('editorChoices: the deck and the note types on offer; the editor page starts with basic', async ({
    assert,
  }) => {
    const { user, deck } = await deckWithNotes(0)
    const choices = await editorChoices(user, deck.id)
    /* the editor page's props, as NotesController gives them */
    const page = {
      deck: await serialize(DeckTransformer.transform(choices.deck).useVariant('forEditor')),
      noteTypes: await serialize(
        NoteTypeTransformer.transform(choices.noteTypes).useVariant('forEditor')
      ),
      defaultNoteTypeId: choices.defaultNoteTypeId,
    }
    assert.deepEqual(page.deck, {
      id: deck.id,
      name: 'Words',
      imagesAllowed: true,
      imageSearch: true,
      ttsEnabled: false,
      ttsFrontSideLanguage: null,
      ttsBackSideLanguage: null,
    })
    assert.equal(page.noteTypes.find((type) => type.id === page.defaultNoteTypeId)?.kind, 'basic')
    const stranger = await makeUser()
    assert.equal((await editorChoices(stranger, deck.id).catch((caught) => caught)).status, 404)
  })
})

test.group('Notes loaded for the Note entity', (group) => {
  group.each.setup(() => resetState())

  test('loadNotes keeps the order asked, skips ids that are gone, and reads nothing for none', async ({
    assert,
  }) => {
    const { user, notes } = await deckWithNotes(3)
    const loaded = await loadNotes(user, [notes[2].id, 999999, notes[0].id])
    assert.deepEqual(
      loaded.notes.map((note) => note.id),
      [notes[2].id, notes[0].id]
    )
    const listed = await serialize(NoteTransformer.transform(loaded.notes, loaded))
    assert.deepEqual(
      listed.map((note) => note.front.preview),
      ['word 02', 'word 00']
    )
    assert.deepEqual(await loadNotes(user, []), {
      notes: [],
      decks: new Map(),
      rows: new Map(),
      speech: new Map(),
    })
  })

  test('findDuplicates groups notes whose first field reads the same; with a query, those reading as it', async ({
    assert,
  }) => {
    const user = await makeUser()
    const deck = await createDeck(user, { name: 'Words' })
    const notes = await bulkCreateNotes(user, {
      deck_id: deck.id,
      import_data: [
        { front: 'Sun', back: '1' },
        { front: '<b>sun</b>', back: '2' },
        { front: 'moon', back: '3' },
      ],
    })
    const groups = await serialize(
      NoteDuplicatesTransformer.transform(await findDuplicates(user, deck.id))
    )
    assert.deepEqual(
      groups.groups.map((found) => [found.text, found.notes.map((note) => note.id)]),
      [['sun', [notes[0].id, notes[1].id]]]
    )
    const asked = await serialize(
      NoteDuplicatesTransformer.transform(await findDuplicates(user, deck.id, 'Moon'))
    )
    assert.deepEqual(
      asked.groups.map((found) => [found.text, found.notes.map((note) => note.id)]),
      [['Moon', [notes[2].id]]]
    )
    const none = await findDuplicates(user, deck.id, 'star')
    assert.deepEqual(await serialize(NoteDuplicatesTransformer.transform(none)), { groups: [] })
  })
})
