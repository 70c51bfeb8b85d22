import { test } from '@japa/runner'
import { readdirSync } from 'node:fs'
import { makeUser, resetState } from '#tests/support/helpers'
import { fixture } from '#tests/support/fixtures'
import { readAnkiTestPackage } from '#tests/support/anki_package'
import { collectionView, newCardOrder } from '#tests/support/anki_collection_view'
import { RoundTrip } from '#tests/support/anki_round_trip'

/*
 * Issue 32 §2: an Anki package imported into Mnemo and exported again gives
 * back the same collection (apart from ids Mnemo renumbers), for every real
 * package in tests/fixtures/anki, read and checked against Anki's schema by
 * the tests' own reader (tests/support/anki_package.ts).
 *
 * The learner lives at UTC−10: their study day starts at 14:00 UTC, so a
 * collection whose creation is written at midnight UTC, or read literally,
 * moves every due date by a day.
 */

const OFFSET = -600
const PACKAGES = readdirSync(fixture('anki')).filter((name) => /\.(apkg|colpkg)$/.test(name))

test.group('Anki round trip: a package through Mnemo comes back the same', (group) => {
  const trip = new RoundTrip()
  group.each.setup(() => resetState())
  group.each.teardown(() => trip.cleanUp())

  for (const name of PACKAGES) {
    test(name, async ({ assert }) => {
      const path = fixture('anki', name)
      const original = await readAnkiTestPackage(path)
      assert.deepEqual(original.problems, [])
      const user = await makeUser()
      user.timezoneOffset = OFFSET
      await user.save()
      const tops = Object.values(original.decks).filter(
        (deck) => !deck.dyn && !String(deck.name).includes('::')
      )
      const deckName = String(tops.find((deck) => deck.id !== 1)?.name ?? 'Default')
      const format = name.endsWith('.colpkg') ? 'colpkg' : 'apkg'
      const { deckId, warnings } = await trip.importPackage(user, path, deckName, format)
      const back = await readAnkiTestPackage(await trip.exportDeck(user, deckId))
      assert.deepEqual(back.problems, [])
      /* files that are not the media their names say are refused, with a warning, never silently */
      const leftOut = warnings
        .map((warning) => /^media_skipped:(.*)$/.exec(warning.message)?.[1])
        .filter((file): file is string => file !== undefined)
      assert.deepEqual(collectionView(back, OFFSET), collectionView(original, OFFSET, { leftOut }))
      /* new cards come in Mnemo's order (note creation, template), numbered from 1 */
      assert.deepEqual(
        newCardOrder(back),
        newCardOrder(back).toSorted((a, b) => a[0] - b[0] || a[1] - b[1])
      )
      assert.deepEqual(
        back.cards
          .filter((card) => card.type === 0)
          .map((card) => card.due)
          .toSorted((a, b) => a - b),
        back.cards.filter((card) => card.type === 0).map((_card, index) => index + 1)
      )
    })
  }
})
