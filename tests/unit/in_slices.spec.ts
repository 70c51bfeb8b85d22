import { test } from '@japa/runner'
import { jsonInSlices, mapInSlices } from '#services/in_slices'

test.group('Long answers in slices', () => {
  test('jsonInSlices reads back as JSON.stringify of the same value, the long array first', async ({
    assert,
  }) => {
    const value = {
      decks: Array.from({ length: 253 }, (_, id) => ({
        id,
        name: `Deck "${id}"`,
        archivedAt: id % 2 ? null : undefined,
        when: new Date(0),
      })),
      hierarchy: [{ id: 1, children: [] }],
      skipped: undefined,
      count: 3,
    }
    const written = await jsonInSlices(value, 'decks', 50)
    assert.deepEqual(JSON.parse(written), JSON.parse(JSON.stringify(value)))
    assert.isTrue(written.startsWith('{"decks":[{"id":0,'))
    assert.equal(await jsonInSlices({ decks: [] }, 'decks'), '{"decks":[]}')
    assert.equal(
      await jsonInSlices({ decks: [undefined, 1] }, 'decks'),
      JSON.stringify({ decks: [undefined, 1] })
    )
  })

  test('mapInSlices keeps the order and lets other work run between slices', async ({ assert }) => {
    const seen: string[] = []
    setImmediate(() => seen.push('other'))
    const mapped = await mapInSlices(
      [1, 2, 3, 4, 5],
      (n) => {
        seen.push(`item ${n}`)
        return n * 2
      },
      2
    )
    assert.deepEqual(mapped, [2, 4, 6, 8, 10])
    /* the other callback ran after the first slice, not after the last item */
    assert.deepEqual(seen.slice(0, 3), ['item 1', 'item 2', 'other'])
  })
})
