import { test } from '@japa/runner'
import { LOCALES } from '#config/i18n'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { signIn } from '#tests/support/content'
import { upload } from './support.js'

test.group('API deck_imports: an empty upload', (group) => {
  group.each.setup(() => resetState())

  test('is refused with its title and body in every language, never "translation missing"', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const english = await upload(client, token, Buffer.alloc(0), 'empty.csv')
    english.assertStatus(422)
    assertErrorBody(assert, english.body(), 'E_EMPTY_FILE')
    assert.equal(english.body().title, 'The file is empty')
    assert.equal(english.body().body, 'Choose a file that holds your cards.')

    const bodies = new Set<string>()
    for (const locale of LOCALES) {
      const answer = await upload(client, token, Buffer.alloc(0), 'empty.csv').header(
        'Accept-Language',
        locale
      )
      assert.notMatch(answer.text(), /translation missing|errors\.import_empty/, locale)
      assert.isString(answer.body().body, locale)
      bodies.add(answer.body().body)
    }
    assert.equal(bodies.size, LOCALES.length, 'each language has its own words')
  })
})
