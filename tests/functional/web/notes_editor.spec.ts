import { test } from '@japa/runner'
import { solidPng } from '#tests/support/images'
import db from '@adonisjs/lucid/services/db'
import { createDeck } from '#actions/decks/create_deck'
import Note from '#models/note'
import NoteType from '#models/note_type'
import { resetState } from '#tests/support/helpers'
import { signedIn, WebSession } from '#tests/support/web_session'
import { XSS_PAYLOADS, findXssProblem } from '#tests/fixtures/xss_payloads'
import { share } from '#tests/functional/api/participants/support'

/* the editor's own fetch calls: JSON (or multipart) with the XSRF header, asking for JSON */
async function fetchJson(
  web: WebSession,
  path: string,
  body: FormData | object,
  options: { csrf?: boolean } = {}
) {
  const headers: Record<string, string> = {
    cookie: [...web.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    accept: 'application/json',
    referer: `${web.base}/`,
  }
  if (options.csrf !== false)
    headers['x-xsrf-token'] = decodeURIComponent(web.cookies.get('XSRF-TOKEN') ?? '')
  if (!(body instanceof FormData)) headers['content-type'] = 'application/json'
  const response = await fetch(`${web.base}${path}`, {
    method: 'POST',
    headers,
    body: body instanceof FormData ? body : JSON.stringify(body),
  })
  return { status: response.status, body: await response.json().catch(() => null) }
}

const typeId = async (kind: string) =>
  (await NoteType.query().whereNull('user_id').where('kind', kind).firstOrFail()).id

test.group('Web: note editor', (group) => {
  group.each.setup(() => resetState())

  test('the add page carries the deck and the card types; another user gets a 404', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const deck = await createDeck(user, { name: 'Biology' })
    const page = WebSession.page((await web.get(`/decks/${deck.id}/notes/new`)).text)
    assert.equal(page.component, 'notes/editor')
    assert.deepEqual(page.props.deck, {
      id: deck.id,
      name: 'Biology',
      imagesAllowed: true,
      imageSearch: true,
      ttsEnabled: false,
      ttsFrontSideLanguage: null,
      ttsBackSideLanguage: null,
    })
    assert.sameMembers(
      page.props.noteTypes.map((type: any) => type.kind),
      ['basic', 'reversed', 'cloze', 'image_occlusion', 'type_in']
    )
    assert.equal(page.props.defaultNoteTypeId, await typeId('basic'))
    assert.isNull(page.props.note)

    const { web: other } = await signedIn('bo@example.test')
    assert.equal((await other.get(`/decks/${deck.id}/notes/new`)).status, 404)
  })

  test('saving a note creates its cards, shows the toast, and reports an empty field next to it', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const deck = await createDeck(user, { name: 'Biology' })
    await web.get(`/decks/${deck.id}/notes/new`)
    const saved = await web.post(`/decks/${deck.id}/notes`, {
      template_id: await typeId('cloze'),
      fields: { 'Text': '{{c1::Mitochondria}} make {{c2::ATP}}', 'Back Extra': null },
    })
    assert.equal(new URL(saved.location!, web.base).pathname, `/decks/${deck.id}/notes/new`)
    const after = await web.visit(`/decks/${deck.id}/notes/new`)
    assert.equal(after.props.flash.success, 'Card added')
    const note = await Note.query().where('deck_id', deck.id).preload('cards').firstOrFail()
    assert.deepEqual(note.cards.map((card) => card.ord).sort(), [0, 1])

    await web.post(`/decks/${deck.id}/notes`, {
      template_id: await typeId('basic'),
      fields: { Front: '', Back: 'x' },
    })
    const invalid = await web.visit(`/decks/${deck.id}/notes/new`)
    assert.equal(invalid.props.errors['fields.Front'], 'Front cannot be empty')
    assert.equal(Number((await db.from('notes').count('* as n').first()).n), 1)

    /* in German, a built-in field is named as the editor labels it; the editor gets the label keys */
    await db.from('users').where('id', user.id).update({ locale: 'de' })
    await web.post(`/decks/${deck.id}/notes`, {
      template_id: await typeId('basic'),
      fields: { Front: '', Back: 'x' },
    })
    const german = await web.visit(`/decks/${deck.id}/notes/new`)
    assert.equal(german.props.errors['fields.Front'], 'Vorderseite darf nicht leer sein')
    const basic = german.props.noteTypes.find((type: any) => type.kind === 'basic')
    assert.deepInclude(basic, { name: 'Basic', labelKey: 'basic' })
    assert.deepEqual(basic.fields, [
      { name: 'Front', required: true, labelKey: 'front' },
      { name: 'Back', required: false, labelKey: 'back' },
    ])
    assert.equal((await web.messages(german))['ui.editor.stock.fields.front'], 'Vorderseite')
  })

  test('a preview landing between a save and its redirect leaves the toast to the page', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const deck = await createDeck(user, { name: 'Biology' })
    await web.get(`/decks/${deck.id}/notes/new`)
    const basic = await typeId('basic')
    await web.post(`/decks/${deck.id}/notes`, {
      template_id: basic,
      fields: { Front: 'cell', Back: 'unit' },
    })
    const preview = await fetchJson(web, '/notes/preview', {
      deck_id: deck.id,
      template_id: basic,
      fields: { Front: 'next' },
    })
    assert.equal(preview.status, 200)
    const page = await web.visit(`/decks/${deck.id}/notes/new`)
    assert.equal(page.props.flash.success, 'Card added')
  })

  test('another user can neither add to the deck nor open or change its notes', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const deck = await createDeck(user, { name: 'Biology' })
    await web.post(`/decks/${deck.id}/notes`, {
      template_id: await typeId('basic'),
      fields: { Front: 'cell', Back: 'unit of life' },
    })
    const note = await Note.findByOrFail('deck_id', deck.id)

    const { web: other } = await signedIn('bo@example.test')
    await other.get('/')
    assert.equal(
      (
        await other.post(`/decks/${deck.id}/notes`, {
          template_id: await typeId('basic'),
          fields: { Front: 'a', Back: 'b' },
        })
      ).status,
      404
    )
    assert.equal((await other.get(`/notes/${note.id}/edit`)).status, 404)
    assert.equal(
      (
        await other.put(`/notes/${note.id}`, {
          template_id: await typeId('basic'),
          fields: { Front: 'hacked', Back: 'b' },
        })
      ).status,
      404
    )
    assert.equal(
      (
        await fetchJson(other, '/notes/preview', {
          deck_id: deck.id,
          template_id: await typeId('basic'),
          fields: { Front: 'a' },
        })
      ).status,
      404
    )
    await note.refresh()
    assert.equal(note.fields.Front, 'cell')
    assert.equal(Number((await db.from('notes').count('* as n').first()).n), 1)
  })

  test(
    'a viewer of a shared deck is refused the add page up front, as the edit page refuses them, ' +
      'with the reason',
    async ({ assert }) => {
      const { user: owner, web: ownerWeb } = await signedIn('ana@example.test')
      const deck = await createDeck(owner, { name: 'Biology' })
      await ownerWeb.post(`/decks/${deck.id}/notes`, {
        template_id: await typeId('basic'),
        fields: { Front: 'cell', Back: 'unit of life' },
      })
      const note = await Note.findByOrFail('deck_id', deck.id)
      const { user: viewer, web } = await signedIn('bo@example.test')
      await share(deck, viewer, 'viewer')

      for (const path of [`/decks/${deck.id}/notes/new`, `/notes/${note.id}/edit`]) {
        const refused = await web.get(path)
        assert.equal(refused.status, 302, path)
        const landed = await web.visit(refused.location!)
        assert.notEqual(landed.component, 'notes/editor', path)
        assert.equal(landed.props.flash.error, 'You can study this deck but not change it', path)
      }

      /* an editor still gets the page */
      const { user: editor, web: editorWeb } = await signedIn('cy@example.test')
      await share(deck, editor, 'editor')
      assert.equal((await editorWeb.visit(`/decks/${deck.id}/notes/new`)).component, 'notes/editor')
    }
  )

  test('editing loads the note and saves it back to the deck page', async ({ assert }) => {
    const { user, web } = await signedIn('ana@example.test')
    const deck = await createDeck(user, { name: 'Biology' })
    await web.post(`/decks/${deck.id}/notes`, {
      template_id: await typeId('basic'),
      fields: { Front: 'cell', Back: 'unit' },
    })
    const note = await Note.findByOrFail('deck_id', deck.id)
    const page = await web.visit(`/notes/${note.id}/edit`)
    assert.deepEqual(page.props.note, {
      id: note.id,
      noteTypeId: note.noteTypeId,
      fields: { Front: 'cell', Back: 'unit' },
      fieldAttachmentsMap: {},
      isReversed: false,
      speech: [],
    })

    const saved = await web.put(`/notes/${note.id}`, {
      template_id: note.noteTypeId,
      fields: { Front: '<b>cell</b>', Back: 'unit of life' },
      reverse: true,
    })
    assert.equal(saved.location, `/decks/${deck.id}`)
    await note.refresh()
    await note.load('cards')
    assert.deepEqual(note.fields, { Front: '<b>cell</b>', Back: 'unit of life' })
    assert.deepEqual(
      note.cards.map((card) => card.ord).sort((a, b) => a - b),
      [0, 100]
    )
  })

  test("the preview renders every card, labelled in the reader's language, and neutralizes XSS", async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const deck = await createDeck(user, { name: 'Biology' })
    const preview = await fetchJson(web, '/notes/preview', {
      deck_id: deck.id,
      template_id: await typeId('cloze'),
      fields: { 'Text': '{{c1::a}} {{c2::b::hint}}', 'Back Extra': null },
    })
    assert.equal(preview.status, 200)
    assert.deepEqual(
      preview.body.cards.map((card: any) => card.label),
      ['Cloze 1', 'Cloze 2']
    )
    assert.include(preview.body.cards[1].front, '[hint]')
    assert.equal(Number((await db.from('notes').count('* as n').first()).n), 0)

    const hostile = await fetchJson(web, '/notes/preview', {
      deck_id: deck.id,
      template_id: await typeId('basic'),
      fields: { Front: XSS_PAYLOADS.join('\n'), Back: XSS_PAYLOADS.slice().reverse().join('') },
    })
    assert.equal(hostile.status, 200)
    for (const card of hostile.body.cards) {
      assert.isNull(findXssProblem(card.front))
      assert.isNull(findXssProblem(card.back))
    }

    const forged = await fetchJson(
      web,
      '/notes/preview',
      { deck_id: deck.id, template_id: await typeId('basic'), fields: { Front: 'a' } },
      { csrf: false }
    )
    assert.notEqual(forged.status, 200)
  })

  test('media uploads are served to their owner only, inert even when opened directly', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const deck = await createDeck(user, { name: 'Biology' })
    const form = new FormData()
    form.append('deck_id', String(deck.id))
    form.append('file', new Blob([solidPng(1, 1)], { type: 'image/png' }), 'cell.png')
    const upload = await fetchJson(web, '/media', form)
    assert.equal(upload.status, 200)
    assert.equal(upload.body.type, 'image')
    assert.match(upload.body.url, /^\/media\/[0-9a-f-]{36}\.png$/)

    const cookie = [...web.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const served = await fetch(`${web.base}${upload.body.url}`, { headers: { cookie } })
    assert.equal(served.status, 200)
    assert.equal(served.headers.get('content-type'), 'image/png')
    assert.include(served.headers.get('content-security-policy')!, 'sandbox')
    assert.deepEqual(Buffer.from(await served.arrayBuffer()), solidPng(1, 1))

    const { web: other } = await signedIn('bo@example.test')
    const otherCookie = [...other.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    assert.equal(
      (await fetch(`${web.base}${upload.body.url}`, { headers: { cookie: otherCookie } })).status,
      404
    )
    assert.equal((await fetch(`${web.base}${upload.body.url}`)).status, 404)
    const intrusion = new FormData()
    intrusion.append('deck_id', String(deck.id))
    intrusion.append('file', new Blob([solidPng(1, 1)], { type: 'image/png' }), 'x.png')
    assert.equal((await fetchJson(other, '/media', intrusion)).status, 404)

    const fake = new FormData()
    fake.append('deck_id', String(deck.id))
    fake.append(
      'file',
      new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/png' }),
      'evil.png'
    )
    const refused = await fetchJson(web, '/media', fake)
    assert.equal(refused.status, 422)
    assert.equal(refused.body.code, 'E_UNSUPPORTED_MEDIA')
  })
})
