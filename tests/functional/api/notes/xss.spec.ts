import { resetState } from '#tests/support/helpers'
import { test } from '@japa/runner'
import { XSS_PAYLOADS, findXssProblem } from '#tests/fixtures/xss_payloads'
import { createDeck, createNote, listNotes, signIn, templateIds } from '#tests/support/content'
import { solidPng } from '#tests/support/images'

/*
 * Every known XSS vector goes through note creation, update and preview; all
 * HTML the API hands back must pass the shared checker. Requests for
 * different payloads run a few at a time. Create, update and the basic
 * preview carry one payload each, so that one vector's unclosed markup cannot
 * hide another's; the cloze and occlusion renders take a few per request.
 */

const IMAGE = `<img src="data:image/png;base64,${solidPng(4, 4).toString('base64')}">`
const MASKS = {
  Image: {
    hideAll: true,
    masks: [
      { group: 1, x: 0.1, y: 0.1, width: 0.2, height: 0.2 },
      { group: 2, x: 0.5, y: 0.5, width: 0.2, height: 0.2 },
    ],
  },
}
const CHUNK = 20

function batches<T>(items: T[], size: number) {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, index * size + size)
  )
}

async function inChunks<T>(items: T[], work: (item: T, index: number) => Promise<void>) {
  for (let start = 0; start < items.length; start += CHUNK) {
    await Promise.all(
      items.slice(start, start + CHUNK).map((item, offset) => work(item, start + offset))
    )
  }
}

/** Every HTML string of a Note entity. */
function noteHtml(note: any): [string, string][] {
  return [
    ['front.rawHtml', note.front.rawHtml],
    ['back.rawHtml', note.back.rawHtml],
    ...Object.entries(note.fields as Record<string, string>).map(
      ([name, html]): [string, string] => [`fields.${name}`, html]
    ),
  ]
}

/** Every HTML string of a preview answer. */
function previewHtml(body: any): [string, string][] {
  return body.cards.flatMap((card: any, index: number): [string, string][] => [
    [`cards[${index}].front`, card.front],
    [`cards[${index}].back`, card.back],
  ])
}

function problemsIn(payload: string, where: string, parts: [string, string][]) {
  return parts
    .map(([name, html]) => [name, html, findXssProblem(html)] as const)
    .filter(([, , problem]) => problem !== null)
    .map(
      ([name, html, problem]) =>
        `${where} ${name}: ${problem}\n  payload: ${payload}\n  output:  ${html}`
    )
}

test.group('API notes: XSS payloads are neutralized', (group) => {
  group.each.setup(() => resetState())

  test('create, update and preview of every payload return only neutralized HTML', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const ids = await templateIds(client, token)
    const deck = await createDeck(client, token, { name: 'XSS' })
    assert.isAbove(XSS_PAYLOADS.length, 50)
    /* the checker is live: raw payloads fail it */
    assert.isNotNull(findXssProblem('<img src=x onerror=alert(1)>'))
    assert.isNotNull(findXssProblem('<a href="javascript:alert(1)">x</a>'))
    const problems: string[] = []
    const failures: string[] = []
    const expect = (response: any, status: number, what: string, payload: string) => {
      if (response.status() === status) return true
      failures.push(
        `${what}: ${response.status()} ${response.text().slice(0, 200)}\n  payload: ${payload}`
      )
      return false
    }

    await inChunks(XSS_PAYLOADS, async (payload, index) => {
      /* create: a basic note with the payload on both sides and its reversed card */
      const created = await client
        .post('/api/notes')
        .bearerToken(token)
        .json({
          note: {
            deck_id: deck.id,
            template_id: ids.basic,
            fields: { Front: `Q${index} ${payload}`, Back: payload },
            reverse: true,
          },
        })
      if (!expect(created, 201, 'POST notes', payload)) return
      problems.push(...problemsIn(payload, 'POST notes', noteHtml(created.body())))

      /* update: new payload-bearing fields */
      const updated = await client
        .put(`/api/notes/${created.body().id}`)
        .bearerToken(token)
        .json({
          note: { fields: { Front: `U${index} ${payload}`, Back: `<b>answer</b> ${payload}` } },
        })
      if (expect(updated, 200, 'PUT notes', payload))
        problems.push(...problemsIn(payload, 'PUT notes', noteHtml(updated.body())))

      /* preview: the basic note with its reversed card */
      const preview = await client
        .post('/api/notes/preview')
        .bearerToken(token)
        .json({
          note: {
            deck_id: deck.id,
            template_id: ids.basic,
            fields: { Front: `P${index} ${payload}`, Back: payload },
            reverse: true,
          },
        })
      if (expect(preview, 200, 'POST notes/preview (basic)', payload))
        problems.push(...problemsIn(payload, 'preview basic', previewHtml(preview.body())))
    })

    /* preview of cloze (data-cloze carries answer HTML) and image occlusion renders, a few payloads per note */
    await inChunks(batches(XSS_PAYLOADS, 3), async (batch, index) => {
      const label = batch.join('  |  ')
      const previews: [string, Record<string, unknown>][] = [
        [
          'cloze',
          {
            template_id: ids.cloze,
            fields: {
              'Text': `{{c1::C${index}}} ${batch.map((payload, n) => `{{c${n + 2}::${payload}}}`).join(' ')}`,
              'Back Extra': batch.join(' '),
            },
          },
        ],
        [
          'image_occlusion',
          {
            template_id: ids.image_occlusion,
            fields: {
              'Image': `${IMAGE}${batch[0]}`,
              'Header': batch.join(' '),
              'Back Extra': batch.join(' '),
            },
            field_attachments_map: MASKS,
          },
        ],
      ]
      for (const [kind, note] of previews) {
        const preview = await client
          .post('/api/notes/preview')
          .bearerToken(token)
          .json({ note: { deck_id: deck.id, ...note } })
        if (expect(preview, 200, `POST notes/preview (${kind})`, label))
          problems.push(...problemsIn(label, `preview ${kind}`, previewHtml(preview.body())))
      }
    })

    assert.deepEqual(failures, [], failures.join('\n'))
    assert.deepEqual(problems, [], problems.join('\n'))
  }).timeout(60_000)

  test('payloads in cloze notes and bulk-created notes come back neutralized in the list and the cards', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const ids = await templateIds(client, token)
    const deck = await createDeck(client, token, { name: 'XSS bulk' })
    const problems: string[] = []

    /* one request for all payloads */
    const bulk = await client
      .post('/api/notes/bulk_create')
      .bearerToken(token)
      .json({
        deck_id: deck.id,
        import_data: XSS_PAYLOADS.map((payload, index) => ({
          front: `B${index} ${payload}`,
          back: payload,
        })),
      })
    bulk.assertStatus(201)
    assert.equal(bulk.body().count, XSS_PAYLOADS.length)

    /* cloze notes, three payloads per note (at most 3 images a side), each in its own deletion and in Back Extra */
    await inChunks(batches(XSS_PAYLOADS, 3), async (batch, index) => {
      const note = await createNote(client, token, {
        deck_id: deck.id,
        template_id: ids.cloze,
        fields: {
          'Text': `{{c1::K${index}}} ${batch.map((payload, n) => `{{c${n + 2}::${payload}::hint}}`).join(' ')}`,
          'Back Extra': batch.join(' '),
        },
      })
      problems.push(...problemsIn(batch.join('  |  '), 'POST notes (cloze)', noteHtml(note)))
    })

    for (let offset = 0; ; offset += 100) {
      const page = await listNotes(client, token, { deck_id: deck.id, offset, limit: 100 })
      for (const note of page.notes)
        problems.push(
          ...problemsIn(note.fields.Front ?? note.fields.Text, 'GET notes', noteHtml(note))
        )
      if (offset + 100 >= page.total) break
    }
    for (let offset = 0; ; offset += 50) {
      const page = await client
        .get('/api/notes/cards')
        .bearerToken(token)
        .qs({ deck_id: deck.id, offset })
      page.assertStatus(200)
      for (const card of page.body().cards) {
        problems.push(
          ...problemsIn(`card ${card.id}`, 'GET notes/cards', [
            ['front', card.front],
            ['back', card.back],
          ])
        )
      }
      if (page.body().cards.length < 50) break
    }
    assert.deepEqual(problems, [], problems.join('\n'))
  }).timeout(60_000)
})
