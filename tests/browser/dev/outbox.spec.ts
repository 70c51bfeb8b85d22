/// <reference lib="dom" />
import { test } from '@japa/runner'
import { hydrated, open } from '#tests/support/browser'
import { makeUser, resetState, waitForMail } from '#tests/support/helpers'
import { WebSession } from '#tests/support/web_session'

test.group('The development outbox in the browser', (group) => {
  group.each.setup(() => resetState())

  test('mail text wraps between words at phone width; the long link stays inside and can be followed', async ({
    visit,
    assert,
  }) => {
    await makeUser({ email: 'zoe.oneil-smith@example.test', name: "Zoë O'Neil-Smith" })
    const web = new WebSession()
    await web.get('/forgot-password')
    await web.post('/forgot-password', { email: 'zoe.oneil-smith@example.test' })
    await waitForMail('zoe.oneil-smith@example.test', 20_000)

    const page = await visit('/dev/outbox')
    for (const width of [390, 1024]) {
      await page.setViewportSize({ width, height: 800 })
      await hydrated(page)
      const text = page.getByText(/^Hi Zoë/)
      await text.waitFor()
      /* every word outside the link sits on one line; the page never scrolls sideways */
      const broken = await text.evaluate((element) => {
        const split: string[] = []
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.parentElement?.closest('a')) continue
          for (const match of node.textContent!.matchAll(/\S+/g)) {
            const range = document.createRange()
            range.setStart(node, match.index!)
            range.setEnd(node, match.index! + match[0].length)
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
            if (lines.size > 1) split.push(match[0])
          }
        }
        return split
      })
      assert.deepEqual(broken, [], `at ${width} px`)
      assert.isAtMost(await page.evaluate(() => document.documentElement.scrollWidth), width)
      assert.include(await text.innerText(), "Zoë O'Neil-Smith")
    }

    await open(page, '/dev/outbox')
    await page.getByRole('link', { name: /\/reset-password\// }).click()
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor()
  })
})
