/// <reference lib="dom" />
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { hydrated, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { driveFiles } from '#tests/functional/api/imports/support'

test.group('Importing in the browser: a file that is not what its name says', (group) => {
  group.each.setup(() => resetState())

  test('the dialog shows the server\'s "unsupported file format" and nothing is imported', async ({
    visit,
    assert,
  }) => {
    const user = await makeUser({ email: 'ana@example.test' })
    const files = await driveFiles()
    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')

    await page.getByRole('button', { name: 'Import', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Import cards' })
    await dialog.waitFor()
    /* the name passes the dialog's own check; the bytes are a program's */
    const answered = page.waitForResponse(
      (response) =>
        response.url().endsWith('/deck_imports') && response.request().method() === 'POST'
    )
    await dialog.getByLabel('Choose a file').setInputFiles({
      name: 'Spanish.apkg',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ\x90\x00\x03\x00\x00\x00 a renamed program'),
    })
    await dialog.getByText('Spanish.apkg').waitFor()
    await dialog.getByRole('button', { name: 'Import', exact: true }).click()
    assert.equal((await answered).status(), 422)
    const alert = dialog.getByRole('alert').filter({ hasText: 'Unsupported file format' })
    await alert.waitFor()
    assert.include(await alert.innerText(), 'Import an Anki package')
    assert.equal(
      Number((await db.from('deck_imports').where('user_id', user.id).count('* as n').first()).n),
      0
    )
    assert.equal(
      Number((await db.from('decks').where('user_id', user.id).count('* as n').first()).n),
      0
    )
    assert.deepEqual(await driveFiles(), files)
  })
})
