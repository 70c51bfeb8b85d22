import { test } from '@japa/runner'
import { createDeck } from '#actions/decks/create_deck'
import { archiveDeck } from '#actions/decks/archive_deck'
import { deckListProps, deckTree, destinations } from '#controllers/decks/deck_page_props'
import { activeDecks } from '#queries/decks/list_decks'
import DeckChoiceTransformer, { deckChoicesOf } from '#transformers/deck_choice_transformer'
import LightDeckListTransformer from '#transformers/light_deck_list_transformer'
import StartedJobTransformer, {
  startedJob,
  startedJobsOf,
} from '#transformers/started_job_transformer'
import { serialize } from '#transformers/serialize'
import { makeUser, resetState } from '#tests/support/helpers'

test.group("The deck pages' reads and their transformers", (group) => {
  group.each.setup(() => resetState())

  test(
    'destinations, the light list and the statistics picker: the decks not archived, subdecks under ' +
      'their parent',
    async ({ assert }) => {
      const user = await makeUser()
      const root = await createDeck(user, { name: 'Root' })
      const sub = await createDeck(user, { name: 'Sub', parent_id: root.id })
      const old = await createDeck(user, { name: 'Old' })
      await archiveDeck(user, { id: old.id, archived: true })

      const picker = await serialize(await destinations(user))
      assert.deepEqual(
        picker.map((deck) => Object.keys(deck).sort()),
        [root, sub].map(() => [
          'algorithmPreset',
          'algorithmType',
          'folderId',
          'id',
          'isRootDeck',
          'name',
          'parentId',
          'position',
          'state',
        ])
      )
      const decks = await activeDecks(user)
      assert.deepEqual(await serialize(DeckChoiceTransformer.transform(deckChoicesOf(decks))), [
        { id: root.id, name: 'Root', depth: 0 },
        { id: sub.id, name: 'Sub', depth: 1 },
      ])
      const light = await serialize(LightDeckListTransformer.transform({ decks }))
      assert.deepEqual(light.hierarchy, [
        {
          id: root.id,
          rootDeckId: root.id,
          children: [{ id: sub.id, rootDeckId: root.id, children: [] }],
        },
      ])
      assert.deepEqual(light.decks[1], {
        id: sub.id,
        name: 'Sub',
        parentId: root.id,
        rootDeckId: root.id,
        folderId: null,
        algorithmPreset: root.algorithmPreset,
        state: 'active',
      })
    }
  )

  test("deckListProps reads the list once for all its props; deckTree gives a deck's whole tree", async ({
    assert,
  }) => {
    const user = await makeUser()
    const root = await createDeck(user, { name: 'Root' })
    const sub = await createDeck(user, { name: 'Sub', parent_id: root.id })
    const props = deckListProps(user)
    assert.deepEqual(
      (await serialize(await props.decks())).map((deck) => [deck.id, deck.children]),
      [
        [root.id, [sub.id]],
        [sub.id, []],
      ]
    )
    assert.equal(await props.numberOfArchivedDecks(), 0)
    assert.deepEqual(await serialize(await props.polling()), [])
    assert.deepEqual(
      (await deckTree(user, sub)).selected.map((deck) => deck.id),
      [root.id, sub.id]
    )
  })

  test('a started job travels in the flash as the page follows it', async ({ assert }) => {
    const user = await makeUser()
    const deck = await createDeck(user, { name: 'Copy' })
    const job = startedJob(deck, 'duplicating')
    assert.deepInclude(job, { id: deck.id, state: 'duplicating', name: 'Copy' })
    assert.deepEqual(await serialize(StartedJobTransformer.transform(startedJobsOf(job))), [job])
    assert.deepEqual(await serialize(StartedJobTransformer.transform(startedJobsOf(undefined))), [])
  })
})
