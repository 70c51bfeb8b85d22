import { test } from '@japa/runner'
import { flattenedPath, MAX_DECK_DEPTH } from '#actions/decks/deck_depth'

/* where a deck at the end of a path below the root goes (path[i] is level i + 2) */
const levels = (count: number) => Array.from({ length: count }, (_, index) => `L${index + 2}`)

test.group('Deck depth: flattenedPath', () => {
  test('a path within the limit comes back as it is', ({ assert }) => {
    assert.deepEqual(flattenedPath([]), { path: [], flattened: false })
    assert.deepEqual(flattenedPath(levels(MAX_DECK_DEPTH - 1)), {
      path: levels(MAX_DECK_DEPTH - 1),
      flattened: false,
    })
  })

  test('a deeper one keeps its first levels and joins the rest into one deck at level 20', ({
    assert,
  }) => {
    const { path, flattened } = flattenedPath(levels(MAX_DECK_DEPTH + 1))
    assert.isTrue(flattened)
    assert.lengthOf(path, MAX_DECK_DEPTH - 1, 'its last name is at level 20')
    assert.deepEqual(path.slice(0, -1), levels(MAX_DECK_DEPTH - 2))
    assert.equal(path.at(-1), 'L20::L21::L22')
  })
})
