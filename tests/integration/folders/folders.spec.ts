import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createDeck } from '#actions/decks/create_deck'
import { archiveDeck } from '#actions/decks/archive_deck'
import { saveFolder } from '#actions/folders/save_folder'
import { deleteFolder } from '#actions/folders/delete_folder'
import { listFolders, rootDeckIdsIn } from '#queries/folders/list_folders'
import FolderTransformer from '#transformers/folder_transformer'
import { serialize } from '#transformers/serialize'
import { makeUser, resetState } from '#tests/support/helpers'

test.group('Folders: the list with their root decks, and deleting one', (group) => {
  group.each.setup(() => resetState())

  test("rootDeckIdsIn lists each folder's root decks in their order, leaving out subdecks and archived decks", async ({
    assert,
  }) => {
    const user = await makeUser()
    const first = await createDeck(user, { name: 'First' })
    const second = await createDeck(user, { name: 'Second' })
    const archived = await createDeck(user, { name: 'Archived' })
    await createDeck(user, { name: 'Sub', parent_id: first.id })
    const folder = await saveFolder(user, {
      name: 'Languages',
      assign_deck_ids: [second.id, first.id, archived.id],
    })
    const empty = await saveFolder(user, { name: 'Empty' })
    await archiveDeck(user, { id: archived.id, archived: true })

    const folders = await listFolders(user)
    assert.deepEqual(
      folders.map((row) => row.id),
      [folder.id, empty.id]
    )
    const decks = await rootDeckIdsIn(user, folders)
    assert.deepEqual(decks.get(folder.id), [first.id, second.id])
    assert.deepEqual(decks.get(empty.id), [])
    const listed = await serialize(FolderTransformer.transform(folders, decks))
    assert.deepEqual(
      listed.map((row) => [row.name, row.decks]),
      [
        ['Languages', [first.id, second.id]],
        ['Empty', []],
      ]
    )
  })

  test(
    "deleteFolder removes the folder and keeps its decks, at the top level; another learner's " +
      'folder is a 404',
    async ({ assert }) => {
      const user = await makeUser()
      const deck = await createDeck(user, { name: 'Kept' })
      const folder = await saveFolder(user, { name: 'Gone', assign_deck_ids: [deck.id] })
      const stranger = await makeUser()
      assert.equal(
        (await deleteFolder(stranger, { id: folder.id }).catch((caught) => caught)).status,
        404
      )

      await deleteFolder(user, { id: folder.id })
      assert.isNull(await db.from('folders').where('id', folder.id).first())
      const row = await db.from('decks').where('id', deck.id).first()
      assert.isNull(row.folder_id)
    }
  )
})
