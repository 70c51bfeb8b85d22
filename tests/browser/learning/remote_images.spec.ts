/// <reference lib="dom" />
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { hydrated, learnerWithCards, open, signInWithForm } from '#tests/support/browser'
import { RemoteImageHost } from '#tests/support/remote_image_host'
import { enableSharing } from '#tests/functional/api/participants/support'

/*
 * Issue 27: viewing a card must not make the viewer's browser call the host
 * its note named. One note is saved now (its image stored by the server: the
 * host's one hit); another was stored before the fix with the remote src
 * still in its field (written straight into the table), which the renderer
 * strips. The study page and the embed page then show both cards, and the
 * host on 127.0.0.2 sees nothing more; the policy is not broken either
 * (every browser test fails on a CSP violation: tests/support/policy_violations.ts).
 */

const host = new RemoteImageHost()

test.group('Remote images in the browser', (group) => {
  host.serveFor(group)

  test('the study page and the embed page make no request to the host a note named', async ({
    visit,
    assert,
  }) => {
    const { user, deck } = await learnerWithCards(0)
    const [saved] = await bulkCreateNotes(user, {
      deck_id: deck.id,
      import_data: [
        {
          front: `Saved <img src="${host.base}/track.png?who=viewer" alt="saved">`,
          back: 'Back one',
        },
      ],
    })
    assert.equal(host.count('/track.png'), 1)
    assert.match(
      (saved.fields as Record<string, string>).Front,
      /<img src="\/media\/[0-9a-f-]{36}\.png"/
    )
    const [old] = await bulkCreateNotes(user, {
      deck_id: deck.id,
      import_data: [{ front: 'Old one', back: 'Back two' }],
    })
    await db
      .from('notes')
      .where('id', old.id)
      .update({
        fields: JSON.stringify({
          Front: `Old one <img src="${host.base}/track.png?who=old" alt="old picture">`,
          Back: 'Back two',
        }),
      })

    const page = await hydrated(await visit('/sign-in'))
    const outside: string[] = []
    page
      .context()
      .on(
        'request',
        (request) => request.url().includes('127.0.0.2') && outside.push(request.url())
      )
    await signInWithForm(page, 'ana@example.test')
    await open(page, `/decks/${deck.id}/learn`)
    const card = page.frameLocator('.learn-card iframe')
    await card
      .getByText(/Saved|Old one/)
      .first()
      .waitFor()
    const seen = new Set<string>()
    for (let turn = 0; turn < 2; turn++) {
      const front = await card.locator('body').innerText()
      if (front.includes('Saved')) {
        seen.add('saved')
        /* the stored copy, served by the product, really shows */
        await card.locator('img[src^="/media/"]').waitFor()
        assert.isAbove(
          await card
            .locator('img[src^="/media/"]')
            .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
          0
        )
      } else {
        seen.add('old')
        await card.getByText('old picture').waitFor()
        assert.equal(await card.locator('img').count(), 0)
      }
      await page.keyboard.press('Space')
      await page.locator('.learn-card[data-side="back"]').waitFor()
      await page.keyboard.press('4')
      if (turn === 0)
        await card
          .getByText(front.includes('Saved') ? 'Old one' : 'Saved')
          .first()
          .waitFor()
    }
    assert.deepEqual([...seen].sort(), ['old', 'saved'])

    const token = await enableSharing(deck)
    const embed = await hydrated(await visit(`/embed/${token}`))
    await embed
      .frameLocator('iframe.card-face')
      .getByText(/Saved|Old one/)
      .first()
      .waitFor()
    await embed.getByRole('button', { name: 'Next' }).click()
    await embed.getByText('Card 2 of 2').waitFor()
    await embed
      .frameLocator('iframe.card-face')
      .getByText(/Saved|Old one/)
      .first()
      .waitFor()

    assert.deepEqual(outside, [])
    assert.equal(host.count('/track.png'), 1)
  })
})
