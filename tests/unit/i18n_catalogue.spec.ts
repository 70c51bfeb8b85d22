import { test } from '@japa/runner'
import { readdir, readFile } from 'node:fs/promises'
import { IntlMessageFormat } from 'intl-messageformat'
import app from '@adonisjs/core/services/app'
import { LOCALES } from '#config/i18n'
import { catalogue } from '#tests/support/catalogue'

/** The argument names a message uses: {name}, {seconds, plural, …} */
const argumentsOf = (message: string) =>
  [...message.matchAll(/\{\s*(\w+)\s*(?:,|\})/g)]
    .map((match) => match[1])
    .filter((name) => name !== 'one' && name !== 'other')
    .sort()

test.group('i18n catalogue', () => {
  test('every key exists in all five languages, with the same placeholders', async ({ assert }) => {
    const english = await catalogue('en')
    assert.isAbove(Object.keys(english).length, 100)
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const other = await catalogue(locale)
      assert.sameMembers(Object.keys(other), Object.keys(english), `${locale} has different keys`)
      for (const [key, message] of Object.entries(english)) {
        assert.isNotEmpty(other[key].trim(), `${locale}: ${key} is empty`)
        assert.deepEqual(
          argumentsOf(other[key]),
          argumentsOf(message),
          `${locale}: ${key} placeholders differ`
        )
      }
    }
  })

  test('every message is valid ICU in its language', async ({ assert }) => {
    for (const locale of LOCALES) {
      for (const [key, message] of Object.entries(await catalogue(locale))) {
        assert.doesNotThrow(() => new IntlMessageFormat(message, locale), `${locale}: ${key}`)
      }
    }
  }).timeout(30_000) // 8,000 messages parsed: seconds on a busy 2-core machine, not a measure

  test('every ui key the pages use exists in English', async ({ assert }) => {
    const english = await catalogue('en')
    const sources = await readdir(app.makePath('inertia'), { recursive: true })
    const used = new Set<string>()
    for (const file of sources.filter((name) => /\.tsx?$/.test(name))) {
      const text = await readFile(app.makePath('inertia', file), 'utf8')
      for (const match of text.matchAll(/\bt\('([a-z_]+\.[a-z_.]+)'/g)) used.add(match[1])
      for (const match of text.matchAll(/(?:title|body|action)="([a-z_]+\.[a-z_.]+)"/g))
        used.add(match[1])
    }
    assert.isAbove(used.size, 50)
    for (const key of used)
      assert.isString(english[`ui.${key}`], `ui.${key} is used but not defined`)
  })
})
