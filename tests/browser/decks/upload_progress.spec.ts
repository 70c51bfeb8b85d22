/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { readdir } from 'node:fs/promises'
import type { Page } from 'playwright'
import { uploadsFolder } from '#config/bodyparser'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { solidPng } from '#tests/support/images'
import { storedKeys } from '#tests/support/stored_files'
import { createDeck } from '#actions/decks/create_deck'

/**
 * A picture of `megabytes` (a small PNG, then bytes its decoder skips past the end), so that its upload takes
 * a while.
 */
const bigPicture = (name: string, megabytes: number) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.concat([solidPng(), Buffer.alloc(megabytes * 1024 * 1024, 0)]),
})

/** The browser's uploads go out at `bytesPerSecond` (Chromium's network emulation): slow enough to watch. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  })
}

/** The progress of the upload of `name`, once it is past its start and not yet done. */
async function midway(page: Page, name: string) {
  const handle = await page.waitForFunction((file) => {
    const bar = document.querySelector<HTMLProgressElement>(`[data-upload="${file}"] progress`)
    return bar && bar.value > 0 && bar.value < 100 ? bar.value : null
  }, name)
  return Number(await handle.jsonValue())
}

test.group('Editor uploads in the browser', (group) => {
  group.each.setup(() => resetState())
  group.each.timeout(90_000)

  test(
    "a picture's upload shows its progress and lands in the field; Cancel stops another, which leaves the " +
      'field and the server as they were',
    async ({ visit, assert, cleanup }) => {
      const user = await makeUser({ email: 'ana@example.test' })
      const deck = await createDeck(user, { name: 'Biology' })
      const page = await hydrated(await visit('/sign-in'))
      cleanup(async (error) => {
        if (error)
          await page.screenshot({
            path: app.makePath('tmp', 'browser', 'upload_progress.png'),
            fullPage: true,
          })
      })
      await signInWithForm(page, 'ana@example.test')
      await open(page, `/decks/${deck.id}/notes/new`)
      const front = page.locator('.rich-field').nth(0)
      const picker = front.locator('input[type=file][accept="image/*"][multiple]')
      await throttleUploads(page, 512 * 1024)

      /* 1.5 MB at 512 kB/s: the field shows how far it is, then the picture */
      await picker.setInputFiles(bigPicture('cell.png', 1.5))
      const item = front.locator('[data-upload="cell.png"]')
      await item.getByRole('status').filter({ hasText: 'Uploading “cell.png”…' }).waitFor()
      const percent = await midway(page, 'cell.png')
      assert.match(await item.locator('.upload-percent').innerText(), /^\d{1,2}%$/)
      assert.isAbove(percent, 0)
      await front.locator('img[src^="/media/"]').waitFor()
      await item.waitFor({ state: 'detached' })
      assert.equal(Number((await db.from('media').count('* as n').first()).n), 1)
      const kept = await storedKeys()

      /* another, cancelled midway: gone from the field's uploads, nothing added to the field, nothing kept */
      const before = new Set(await readdir(uploadsFolder).catch(() => [] as string[]))
      await picker.setInputFiles(bigPicture('slide.png', 4))
      await midway(page, 'slide.png')
      const html = await front.locator('.rich-field-input').innerHTML()
      await front.getByRole('button', { name: 'Cancel uploading “slide.png”' }).click()
      await front.locator('[data-upload="slide.png"]').waitFor({ state: 'detached' })
      assert.equal(await front.locator('.rich-field-input').innerHTML(), html)
      assert.equal(await front.locator('img[src^="/media/"]').count(), 1)
      assert.equal(await page.locator('.toast').count(), 0, 'a cancel is no failure to report')
      /* the server dropped what it had received */
      for (
        let attempt = 0;
        [...(await readdir(uploadsFolder).catch(() => [] as string[]))].some(
          (name) => !before.has(name)
        );
        attempt++
      ) {
        if (attempt > 200) throw new Error("the cancelled upload's partial file stayed")
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      assert.equal(Number((await db.from('media').count('* as n').first()).n), 1)
      assert.deepEqual(await storedKeys(), kept)
    }
  )
})
