import { test } from '@japa/runner'
import { changesBetween, contentKey } from '#actions/publishing/snapshot'
import { slugify } from '#actions/publishing/slug'

const note = (
  guid: string,
  front: string,
  extra: Partial<Parameters<typeof contentKey>[0]> = {}
) => ({
  guid,
  deck_path: [] as string[],
  note_type_id: 1,
  fields: { Front: front, Back: 'b' },
  field_attachments_map: {},
  tags: [] as string[],
  is_reversed: false,
  ...extra,
})

test.group('Publishing: what changed between revisions, and slugs', () => {
  test('changes are counted by guid and content', ({ assert }) => {
    const base = [note('a', 'one'), note('b', 'two'), note('c', 'three')]
    const cases: Array<
      [
        string,
        ReturnType<typeof note>[],
        { createdCount: number; updatedCount: number; deletedCount: number },
      ]
    > = [
      ['nothing changed', base, { createdCount: 0, updatedCount: 0, deletedCount: 0 }],
      ['every note deleted', [], { createdCount: 0, updatedCount: 0, deletedCount: 3 }],
      [
        'one edited, one added, one deleted',
        [note('a', 'ONE'), note('b', 'two'), note('d', 'four')],
        { createdCount: 1, updatedCount: 1, deletedCount: 1 },
      ],
      [
        'moved to a subdeck counts as updated',
        [note('a', 'one', { deck_path: ['Sub'] }), note('b', 'two'), note('c', 'three')],
        { createdCount: 0, updatedCount: 1, deletedCount: 0 },
      ],
      [
        'reversed counts as updated',
        [note('a', 'one', { is_reversed: true }), note('b', 'two'), note('c', 'three')],
        { createdCount: 0, updatedCount: 1, deletedCount: 0 },
      ],
    ]
    for (const [name, next, expected] of cases)
      assert.deepEqual(changesBetween(base, next), expected, name)
    assert.deepEqual(changesBetween([], base), {
      createdCount: 3,
      updatedCount: 0,
      deletedCount: 0,
    })
  })

  test("the order of a jsonb object's keys does not make two notes differ", ({ assert }) => {
    assert.equal(
      contentKey(note('a', 'x')),
      contentKey({ ...note('a', 'x'), fields: { Back: 'b', Front: 'x' } })
    )
    assert.notEqual(contentKey(note('a', 'x')), contentKey(note('a', 'y')))
  })

  test('slugs are lower-case ASCII words joined by dashes', ({ assert }) => {
    const cases: Array<[string, string]> = [
      ['European capitals', 'european-capitals'],
      ['  Français: les verbes irréguliers!  ', 'francais-les-verbes-irreguliers'],
      ['日本語', 'deck'],
      ['---', 'deck'],
      ['a'.repeat(150), 'a'.repeat(100)],
    ]
    for (const [name, slug] of cases) assert.equal(slugify(name), slug, name)
  })
})
