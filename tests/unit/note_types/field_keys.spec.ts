import { test } from '@japa/runner'
import { BUILTIN_NOTE_TYPES } from '#note_types/builtin'
import { clientKeyOf, keyedById, resolveFieldKeys } from '#note_types/field_keys'
import type { NoteTypeDefinition } from '#note_types/types'

const { basic, image_occlusion: occlusion } = BUILTIN_NOTE_TYPES

/* an Anki type whose fields are titled with numbers: titles win over ids */
const numbered: NoteTypeDefinition = {
  kind: 'custom',
  name: 'Numbered',
  css: '',
  isCloze: false,
  fields: [{ name: '1', required: true }, { name: '2' }, { name: 'Notes' }],
  templates: [{ name: 'Card 1', front: '{{1}}', back: '{{2}}' }],
}

test.group('note types: field keys (ids from GET decks, or titles)', () => {
  test('ids, titles and a mix of both name the same fields', ({ assert }) => {
    assert.deepEqual(resolveFieldKeys(basic, { 0: 'q', 1: 'a' }).byName, { Front: 'q', Back: 'a' })
    assert.deepEqual(resolveFieldKeys(basic, { Front: 'q', Back: 'a' }).byName, {
      Front: 'q',
      Back: 'a',
    })
    const mixed = resolveFieldKeys(basic, { 0: 'q', Back: 'a' })
    assert.deepEqual(mixed.byName, { Front: 'q', Back: 'a' })
    assert.deepEqual(mixed.problems, [])
    assert.deepEqual(resolveFieldKeys(occlusion, { 2: 'extra', 0: 'img' }).byName, {
      'Image': 'img',
      'Back Extra': 'extra',
    })
  })

  test('unknown ids and titles, leading zeros, and a field named twice are problems', ({
    assert,
  }) => {
    assert.deepEqual(
      resolveFieldKeys(basic, { 2: 'x', 'Extra': 'y', '01': 'z', '-1': 'w', ' 0': 'v' })
        .problems.map((p) => p.key)
        .sort(),
      [' 0', '-1', '01', '2', 'Extra']
    )
    const twice = resolveFieldKeys(basic, { 0: 'q', Front: 'q again' })
    assert.deepEqual(twice.problems, [{ key: 'Front', problem: 'duplicate' }])
    assert.deepEqual(twice.byName, { Front: 'q' })
  })

  test('a title that reads like an id is the title; other numbers are ids', ({ assert }) => {
    /* "1" is the first field's title; "2" the second's; "2" never reaches the id of Notes */
    assert.deepEqual(resolveFieldKeys(numbered, { 1: 'a', 2: 'b' }).byName, { 1: 'a', 2: 'b' })
    assert.deepEqual(resolveFieldKeys(numbered, { 0: 'a', Notes: 'n' }).byName, {
      1: 'a',
      Notes: 'n',
    })
  })

  test('errors name a field the way the request did; answers key by id', ({ assert }) => {
    const byId = resolveFieldKeys(basic, { 1: 'a' })
    assert.equal(clientKeyOf(basic, byId, 'Front'), '0')
    assert.equal(clientKeyOf(basic, byId, 'Back'), '1')
    const byTitle = resolveFieldKeys(basic, { Back: 'a' })
    assert.equal(clientKeyOf(basic, byTitle, 'Front'), 'Front')
    assert.deepEqual(keyedById(basic, { Back: 'a', Front: 'q', Stale: 'x' }), { 0: 'q', 1: 'a' })
  })
})
