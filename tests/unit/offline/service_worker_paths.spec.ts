import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import i18nManager from '@adonisjs/i18n/services/main'
import { messagesScriptsFor } from '#services/client_messages'

/*
 * The service worker (resources/service_worker.js) answers a hashed file from
 * its cache first, and keeps whatever the offline shell loads: its two path
 * patterns must name the files the server actually gives a page, the
 * translations' parts included (decision 0097 put the area into their path).
 */
function workerPattern(name: 'ASSET' | 'IMMUTABLE') {
  const source = readFileSync(app.makePath('resources/service_worker.js'), 'utf8')
  const found = new RegExp(`const ${name} = /(.+)/\\n`).exec(source)
  if (!found) throw new Error(`resources/service_worker.js has no ${name} pattern`)
  return new RegExp(found[1])
}

test.group('Service worker: the paths it keeps', (group) => {
  group.setup(() => i18nManager.loadTranslations())

  test('every translation part a page loads is kept, and answered from the cache first', ({
    assert,
  }) => {
    const asset = workerPattern('ASSET')
    const immutable = workerPattern('IMMUTABLE')
    for (const locale of ['en', 'de', 'pt', 'es', 'fr'])
      for (const page of ['learning/session', 'offline/study', 'home', 'auth/sign_in']) {
        const scripts = messagesScriptsFor(locale, page)
        assert.isAbove(scripts.length, 0)
        for (const path of scripts) {
          assert.match(path, asset, `${path} is not kept`)
          assert.match(path, immutable, `${path} is not answered from the cache`)
        }
      }
  })

  test('hashed build files are immutable; the pages and the API are never kept', ({ assert }) => {
    const asset = workerPattern('ASSET')
    const immutable = workerPattern('IMMUTABLE')
    assert.match('/assets/app-D7m-pB5R.js', immutable)
    for (const path of ['/offline', '/decks/1/learn', '/api/decks', '/media/abc'])
      assert.notMatch(path, asset)
  })
})
