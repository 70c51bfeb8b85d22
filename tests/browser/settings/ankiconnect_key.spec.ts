/// <reference lib="dom" />
import { test } from '@japa/runner'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { axeFindings, describeFindings } from '#tests/support/axe'

/*
 * The AnkiConnect section of the settings (docs/ankiconnect.md): the address
 * to paste, a key made and renewed by a button, each a labelled read-only
 * field, and nothing axe finds on the page.
 */

test.group('The AnkiConnect key in the settings', (group) => {
  group.each.setup(() => resetState())

  test('a learner makes a key, sees it with the address, and renews it', async ({
    visit,
    assert,
  }) => {
    await makeUser({ email: 'ana@example.test' })
    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')
    await open(page, '/settings')
    const section = page.getByRole('region', { name: 'AnkiConnect' })
    await section.getByText('You have no key yet.').waitFor()
    assert.match(await section.getByLabel('Address').inputValue(), /\/ankiconnect$/)

    await section.getByRole('button', { name: 'Make a key' }).click()
    const key = section.getByLabel('Key')
    await key.waitFor()
    const first = await key.inputValue()
    assert.match(first, /^[A-Za-z0-9_-]{40,}$/)
    assert.isTrue(await key.evaluate((input) => (input as HTMLInputElement).readOnly))
    assert.deepEqual(describeFindings('settings with a key', await axeFindings(page)), [])

    const renew = section.getByRole('button', { name: 'Renew the key' })
    assert.include(
      await renew.evaluate((button) => button.getAttribute('aria-describedby') ?? ''),
      'ankiconnect-renew-hint'
    )
    await renew.click()
    await page.waitForFunction(
      (old) =>
        (document.querySelector('[data-ankiconnect-key]') as HTMLInputElement)?.value !== old,
      first
    )
    assert.notEqual(await key.inputValue(), first)
  })
})
