import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { getQueue } from '#services/queue'
import { SpeechError, localVoiceFor, synthesize } from '#services/media/speech'
import { assertErrorBody, makePremium, resetState, tokenFor } from '#tests/support/helpers'
import { signedIn } from '#tests/support/web_session'
import { setFlag } from '#services/remote_flags'
import { workerOutput } from '#tests/support/worker_process'
import { countStored, runSweep } from '#tests/support/stored_files'
import {
  OPENAI_SPEECH_TEST_KEY,
  speechState,
  startOpenAiSpeechServer,
  stopOpenAiSpeechServer,
} from '#tests/support/openai_speech_server'
import { basicNote, createDeck, mediaPath, signIn as freeSignIn } from '#tests/support/content'

/* turning text-to-speech on is premium: the learners of these tests are */
const signIn = async () => {
  const session = await freeSignIn()
  await makePremium(session.user)
  return session
}

/*
 * Server-side text-to-speech for the apps (textToSpeechMap), made by the
 * worker process (`node ace queue:work`, started by the bootstrap) with the
 * local engine (eSpeak NG as WebAssembly; no provider is configured in the
 * worker's environment). The OpenAI-compatible adapter is tested in this
 * process against the local speech double.
 */
type Entry = {
  string_index: number
  text: string
  audio_file: string | null
  state: string
  language: string
  error_code: string | null
}

async function ttsDeck(client: any, token: string, settings: Record<string, unknown> = {}) {
  const deck = await createDeck(client, token, { name: 'Vocabulario' })
  const response = await client
    .put(`/api/decks/${deck.id}`)
    .bearerToken(token)
    .json({
      deck: {
        tts_enabled: true,
        tts_front_side_language: 'es',
        tts_back_side_language: 'en-US',
        ...settings,
      },
    })
  response.assertStatus(200)
  return deck
}

/** The note's textToSpeechMap once no side is pending any more (the worker's job ran). */
async function settledSpeech(client: any, token: string, noteId: number, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs
  let last: { front: Entry[]; back: Entry[] } | undefined
  while (Date.now() < deadline) {
    const response = await client.get(`/api/notes/${noteId}`).bearerToken(token)
    response.assertStatus(200)
    last = response.body().textToSpeechMap
    if (last && [...last.front, ...last.back].every((entry) => entry.state !== 'pending'))
      return { map: last, note: response.body() }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(
    `the speech of note ${noteId} stayed pending: ${JSON.stringify(last)}\n${workerOutput()}`
  )
}

/** Runs `work` with the worker held off the queue (jobs wait, none is dropped). */
async function withWorkerHeld<T>(work: () => Promise<T>) {
  await getQueue().pause()
  try {
    return await work()
  } finally {
    await getQueue().resume()
  }
}

test.group('Media helpers: text-to-speech made by the worker', (group) => {
  group.each.setup(() => resetState())
  group.each.timeout(90_000)

  test(
    'turning text-to-speech on is premium, in the API and on the deck page; a deck that has it keeps it, and ' +
      'anyone may turn it off',
    async ({ client, assert }) => {
      const { user, web } = await signedIn('free@example.test')
      const token = await tokenFor(user)
      const deck = await createDeck(client, token, { name: 'Vocabulario' })
      const refused = await client
        .put(`/api/decks/${deck.id}`)
        .bearerToken(token)
        .json({ deck: { tts_enabled: true, name: 'Renamed' } })
      refused.assertStatus(402)
      assertErrorBody(assert, refused.body(), 'E_PREMIUM_REQUIRED')
      assert.equal(refused.body().feature, 'text_to_speech')
      /* nothing of the request was written */
      assert.deepInclude(
        await db.from('decks').where('id', deck.id).select('tts_enabled', 'name').first(),
        { tts_enabled: false, name: 'Vocabulario' }
      )

      /* the web form: the same rule, its message under the field */
      const form = await web.request('PUT', `/decks/${deck.id}`, { deck: { tts_enabled: true } })
      assert.equal(form.status, 302)
      const page = await web.visit(`/decks/${deck.id}?tab=settings`)
      assert.equal(page.props.errors?.['deck.tts_enabled'], 'Text-to-speech is a premium feature')
      assert.isFalse((await db.from('decks').where('id', deck.id).first()).tts_enabled)

      /* turned on while premium, it stays when premium ends; it can be turned off, and not on again */
      await makePremium(user)
      ;(
        await client
          .put(`/api/decks/${deck.id}`)
          .bearerToken(token)
          .json({ deck: { tts_enabled: true } })
      ).assertStatus(200)
      await db.from('users').where('id', user.id).update({ is_premium: false })
      ;(
        await client
          .put(`/api/decks/${deck.id}`)
          .bearerToken(token)
          .json({ deck: { tts_enabled: true, tts_front_side_language: 'es' } })
      ).assertStatus(200)
      ;(
        await client
          .put(`/api/decks/${deck.id}`)
          .bearerToken(token)
          .json({ deck: { tts_enabled: false } })
      ).assertStatus(200)
      ;(
        await client
          .put(`/api/decks/${deck.id}`)
          .bearerToken(token)
          .json({ deck: { tts_enabled: true } })
      ).assertStatus(402)
    }
  )

  test("a note saved with TTS on is pending, then generated: a playable WAV per side, in each side's language", async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await ttsDeck(client, token)
    const note = await withWorkerHeld(async () => {
      const created = await basicNote(client, token, deck.id, 'el perro', 'the dog')
      assert.deepEqual(created.textToSpeechMap, {
        front: [
          {
            string_index: 0,
            text: 'el perro',
            audio_file: null,
            state: 'pending',
            language: 'es',
            error_code: null,
          },
        ],
        back: [
          {
            string_index: 0,
            text: 'the dog',
            audio_file: null,
            state: 'pending',
            language: 'en-US',
            error_code: null,
          },
        ],
      })
      return created
    })
    const { map, note: settled } = await settledSpeech(client, token, note.id)
    for (const side of ['front', 'back'] as const) {
      const [entry] = map[side]
      assert.equal(entry.state, 'generated', `${side}: ${JSON.stringify(entry)}`)
      assert.match(entry.audio_file!, /^http:\/\/[^/]+\/media\/[0-9a-f-]{36}\.wav\?sig=/)
      assert.equal(settled[side].tts, entry.audio_file, `${side}.tts is the side's audio`)
      const audio = await fetch(
        `http://${process.env.HOST}:${process.env.PORT}${mediaPath(entry.audio_file!)}`,
        { headers: { authorization: `Bearer ${token}` } }
      )
      assert.equal(audio.status, 200)
      assert.equal(audio.headers.get('content-type'), 'audio/wav')
      const bytes = Buffer.from(await audio.arrayBuffer())
      const raw = await db
        .from('media')
        .where('key', mediaPath(entry.audio_file!).slice('/media/'.length))
        .firstOrFail()
      assert.equal(raw.kind, 'audio')
      /* a RIFF/WAVE file, and more than a header: eSpeak's 22 kHz 16-bit mono, some tenths of a second of speech */
      assert.equal(bytes.subarray(0, 4).toString('latin1'), 'RIFF')
      assert.equal(bytes.subarray(8, 12).toString('latin1'), 'WAVE')
      assert.isAbove(bytes.length, 10_000)
      assert.equal(bytes.length, Number(raw.size))
      assert.equal(bytes.readUInt32LE(4), bytes.length - 8, 'the RIFF size names the whole file')
    }
    const engines = await db.from('note_speech').where('note_id', note.id).select('engine')
    assert.deepEqual(
      engines.map((row) => row.engine),
      ['espeak-ng', 'espeak-ng']
    )
  })

  test(
    'over 1000 characters fails with E_TTS_TEXT_TOO_LONG; a language no engine speaks fails with ' +
      'E_TTS_LANGUAGE_UNAVAILABLE',
    async ({ client, assert }) => {
      const { token } = await signIn()
      const deck = await ttsDeck(client, token, { tts_back_side_language: 'tlh' })
      const long = 'palabra '.repeat(130).trim()
      assert.isAbove(long.length, 1000)
      const note = await basicNote(client, token, deck.id, long, 'Qapla')
      const { map } = await settledSpeech(client, token, note.id)
      assert.include(map.front[0], {
        state: 'failed',
        error_code: 'E_TTS_TEXT_TOO_LONG',
        audio_file: null,
      })
      assert.include(map.back[0], {
        state: 'failed',
        error_code: 'E_TTS_LANGUAGE_UNAVAILABLE',
        audio_file: null,
        language: 'tlh',
      })

      /* shortened, the front is made again */
      const edited = await client
        .put(`/api/notes/${note.id}`)
        .bearerToken(token)
        .json({ note: { fields: { Front: 'palabra', Back: 'Qapla' } } })
      edited.assertStatus(200)
      const again = await settledSpeech(client, token, note.id)
      assert.equal(again.map.front[0].state, 'generated')
      assert.equal(again.map.back[0].state, 'failed', 'the unchanged back keeps its answer')
    }
  )

  test('notes made with notes/bulk_create on a text-to-speech deck get their audio too', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await ttsDeck(client, token)
    const response = await client
      .post('/api/notes/bulk_create')
      .bearerToken(token)
      .json({
        deck_id: deck.id,
        import_data: [
          { front: 'uno', back: 'one' },
          { front: 'dos', back: 'two' },
        ],
      })
    response.assertStatus(201)
    for (const id of response.body().ids) {
      const { map } = await settledSpeech(client, token, id)
      assert.deepEqual([map.front[0].state, map.back[0].state], ['generated', 'generated'])
    }
  })

  test(
    'an edit makes the changed side again; a deck without TTS makes nothing; another user cannot ' +
      'hear the audio',
    async ({ client, assert }) => {
      const { token } = await signIn()
      const deck = await ttsDeck(client, token)
      const note = await basicNote(client, token, deck.id, 'el gato', 'the cat')
      const first = (await settledSpeech(client, token, note.id)).map
      const edited = await client
        .put(`/api/notes/${note.id}`)
        .bearerToken(token)
        .json({ note: { fields: { Front: 'el gato negro', Back: 'the cat' } } })
      edited.assertStatus(200)
      const second = (await settledSpeech(client, token, note.id)).map
      assert.equal(second.front[0].text, 'el gato negro')
      assert.notEqual(
        mediaPath(second.front[0].audio_file!),
        mediaPath(first.front[0].audio_file!),
        'new audio for the new text'
      )
      assert.equal(
        mediaPath(second.back[0].audio_file!),
        mediaPath(first.back[0].audio_file!),
        'the unchanged side keeps its audio'
      )

      const stranger = await signIn()
      ;(
        await client.get(mediaPath(second.front[0].audio_file!)).bearerToken(stranger.token)
      ).assertStatus(404)

      const plain = await createDeck(client, token, { name: 'No speech' })
      const quiet = await basicNote(client, token, plain.id, 'hola', 'hello')
      assert.deepEqual(quiet.textToSpeechMap, { front: [], back: [] })
      assert.equal(
        Number(
          (await db.from('note_speech').where('note_id', quiet.id).count('* as count').first())
            .count
        ),
        0
      )
    }
  )

  test(
    'with the ai_speech flag off, a note on a TTS deck gets no speech, and the worker makes none for a side ' +
      'already pending',
    async ({ client, assert }) => {
      const { token } = await signIn()
      const deck = await ttsDeck(client, token)
      /* saved while the flag was on: pending, its job queued; then the flag goes off before the worker takes it */
      const pending = await withWorkerHeld(async () => {
        const created = await basicNote(client, token, deck.id, 'el gato', 'the cat')
        assert.equal(created.textToSpeechMap.front[0].state, 'pending')
        await setFlag('ai_speech', false, null)
        return created
      })
      /* the worker ran the job (its outbox row goes when it ends): nothing made, nothing stored */
      const deadline = Date.now() + 45_000
      while (
        Number(
          (await db.from('job_outbox').where('name', 'generate_speech').count('* as n').first()).n
        ) > 0
      ) {
        if (Date.now() > deadline) throw new Error(`the speech job never ran\n${workerOutput()}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      const rows = await db
        .from('note_speech')
        .where('note_id', pending.id)
        .select('state', 'media_id')
      assert.deepEqual(rows, [
        { state: 'pending', media_id: null },
        { state: 'pending', media_id: null },
      ])
      assert.equal(
        Number((await db.from('media').where('kind', 'audio').count('* as n').first()).n),
        0
      )

      /* a note saved while it is off: no speech at all */
      const quiet = await basicNote(client, token, deck.id, 'el pez', 'the fish')
      assert.deepEqual(quiet.textToSpeechMap, { front: [], back: [] })
      assert.equal(
        Number((await db.from('note_speech').where('note_id', quiet.id).count('* as n').first()).n),
        0
      )
    }
  )
})

test.group('Media helpers: the storage sweep and the speech audio', (group) => {
  group.each.setup(() => resetState())
  group.each.timeout(90_000)

  test("a side's audio stays while its note names it; the audio of a former text goes with the sweep", async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await ttsDeck(client, token)
    const note = await basicNote(client, token, deck.id, 'la casa', 'the house')
    const first = (await settledSpeech(client, token, note.id)).map
    const file = (entry: Entry) => mediaPath(entry.audio_file!).slice(1)
    /* past the sweep's grace period: only what names a file keeps it */
    await db.from('media').update({ created_at: new Date(Date.now() - 3 * 86_400_000) })
    await runSweep()
    assert.equal(
      await countStored([file(first.front[0]), file(first.back[0])]),
      2,
      'the audio in use stays'
    )

    ;(
      await client
        .put(`/api/notes/${note.id}`)
        .bearerToken(token)
        .json({ note: { fields: { Front: 'la casa blanca', Back: 'the house' } } })
    ).assertStatus(200)
    const second = (await settledSpeech(client, token, note.id)).map
    await db.from('media').update({ created_at: new Date(Date.now() - 3 * 86_400_000) })
    await runSweep()
    assert.equal(await countStored([file(first.front[0])]), 0, "the former front's audio is gone")
    assert.equal(await countStored([file(second.front[0]), file(second.back[0])]), 2)
    const served = await fetch(
      `http://${process.env.HOST}:${process.env.PORT}${mediaPath(second.front[0].audio_file!)}`,
      { headers: { authorization: `Bearer ${token}` } }
    )
    assert.equal(served.status, 200)
  })
})

test.group('Media helpers: the speech engines', () => {
  test('the local engine maps deck languages to eSpeak NG voices, or none', async ({ assert }) => {
    assert.equal(await localVoiceFor('en'), 'en-us')
    assert.equal(await localVoiceFor('en-GB'), 'en-gb')
    assert.equal(await localVoiceFor('fr_FR'), 'fr-fr')
    assert.equal(await localVoiceFor('de-DE'), 'de')
    assert.equal(await localVoiceFor('pt'), 'pt')
    assert.equal(await localVoiceFor('pt-BR'), 'pt-br')
    assert.isNull(await localVoiceFor('tlh'))
    assert.isNull(await localVoiceFor('<script>'))
  })

  test('the OpenAI-compatible adapter speaks through POST /v1/audio/speech; its errors become E_TTS_PROVIDER', async ({
    assert,
  }) => {
    const base = await startOpenAiSpeechServer()
    env.set('TTS_PROVIDER', 'openai')
    env.set('TTS_OPENAI_BASE_URL', base)
    env.set('TTS_OPENAI_API_KEY', OPENAI_SPEECH_TEST_KEY)
    env.set('TTS_OPENAI_VOICE', 'nova')
    try {
      const audio = await synthesize('bonjour', 'fr')
      assert.equal(audio.engine, 'openai')
      assert.equal(audio.bytes.subarray(0, 4).toString('latin1'), 'RIFF')
      assert.deepInclude(speechState.requests.at(-1)!, {
        input: 'bonjour',
        voice: 'nova',
        response_format: 'wav',
        model: 'gpt-4o-mini-tts',
      })

      speechState.rateLimited = true
      const limited = await synthesize('bonjour', 'fr').catch((error) => error)
      assert.instanceOf(limited, SpeechError)
      assert.equal(limited.code, 'E_TTS_PROVIDER')
      assert.include(limited.message, '429')
      speechState.rateLimited = false

      env.set('TTS_OPENAI_API_KEY', 'sk-wrong')
      const refused = await synthesize('bonjour', 'fr').catch((error) => error)
      assert.equal(refused.code, 'E_TTS_PROVIDER')
      assert.include(refused.message, '401')

      const long = await synthesize('a'.repeat(1001), 'fr').catch((error) => error)
      assert.equal(
        long.code,
        'E_TTS_TEXT_TOO_LONG',
        'the limit is checked before any provider call'
      )
    } finally {
      env.set('TTS_PROVIDER', 'local')
      env.set('TTS_OPENAI_API_KEY', '')
      await stopOpenAiSpeechServer()
    }
  })
})
