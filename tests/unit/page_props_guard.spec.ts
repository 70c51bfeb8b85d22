import { test } from '@japa/runner'
import { BaseSerializer, BaseTransformer } from '@adonisjs/core/transformers'
import { guardPageProps } from '#tests/support/page_props_guard'

/* the serializer Inertia hands each page prop to: no wrapping, as @adonisjs/inertia's own */
class PageSerializer extends BaseSerializer<{}> {
  wrap = undefined
  definePaginationMetaData(metaData: unknown) {
    return metaData as undefined
  }
}

class Named extends BaseTransformer<{ name: string }> {
  toObject() {
    return { name: this.resource.name }
  }
}

test.group('The page props guard', () => {
  test('a prop that is an object or a list of objects, not a transformer output, is refused', async ({
    assert,
  }) => {
    guardPageProps()
    const serializer = new PageSerializer()
    await assert.rejects(
      () => serializer.serialize({ name: 'raw' }),
      /skipped its transformer: \{name\}/
    )
    await assert.rejects(
      () => serializer.serialize([{ name: 'raw' }]),
      /skipped its transformer: an array of 1/
    )
  })

  test('a transformer item or collection, a scalar and a list of scalars pass', async ({
    assert,
  }) => {
    guardPageProps()
    const serializer = new PageSerializer()
    assert.deepEqual(await serializer.serialize(Named.transform({ name: 'kept' })), {
      name: 'kept',
    })
    assert.deepEqual(await serializer.serialize(Named.transform([{ name: 'a' }, { name: 'b' }])), [
      { name: 'a' },
      { name: 'b' },
    ])
    assert.equal(await serializer.serialize('plain'), 'plain')
    assert.deepEqual(await serializer.serialize(['light', 'dark']), ['light', 'dark'])
  })
})
