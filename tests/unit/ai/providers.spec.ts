import { test } from '@japa/runner'
import ApiException from '#exceptions/api_exception'
import { generateCards, activeProvider, type CardRequest, type GeneratedCard } from '#ai/cards'
import { aiState, scriptAi, useAiDouble, useOffline } from '#tests/support/ai_server'

/*
 * The real adapters (the `openai` and `@anthropic-ai/sdk` clients in app/ai/providers.ts)
 * against the local double that answers as both APIs do: streams read to the end,
 * retries, errors turned into the catalogue's, a cancel that stops the provider call.
 */

const request = (overrides: Partial<CardRequest> = {}): CardRequest => ({
  source: { kind: 'prompt', prompt: 'European capitals' },
  format: 'mixed',
  detail: 'standard',
  maxCards: 10,
  ...overrides,
})

const CARDS = [
  { kind: 'basic', front: 'What is the capital of Portugal?', back: 'Lisbon' },
  { kind: 'cloze', front: '{{c1::Vienna}} is the capital of Austria.', back: '' },
  { kind: 'basic', front: 'Which river flows through Paris?', back: 'The Seine' },
]

async function collect(cards: AsyncIterable<GeneratedCard>) {
  const out: GeneratedCard[] = []
  for await (const card of cards) out.push(card)
  return out
}

async function failure(cards: AsyncIterable<GeneratedCard>) {
  const seen: GeneratedCard[] = []
  try {
    for await (const card of cards) seen.push(card)
  } catch (error) {
    return { error: error as ApiException, seen }
  }
  throw new Error('the generation did not fail')
}

/** Waits (without a clock) until the double has seen the client hang up. */
async function hangUpSeen() {
  while (aiState.hangUps === 0) await new Promise((resolve) => setImmediate(resolve))
}

for (const provider of ['openai', 'anthropic'] as const) {
  test.group(`AI provider adapter: ${provider}`, (group) => {
    group.each.setup(() => useAiDouble(provider))
    group.teardown(() => useOffline())

    test('a streamed answer becomes the cards it holds, in order', async ({ assert }) => {
      scriptAi({ cards: CARDS, chunks: 37 })
      const run = generateCards(request({ customPrompt: 'Only capitals.' }))
      assert.equal(run.provider, provider)
      assert.equal(activeProvider(), provider)
      assert.deepEqual(await collect(run.cards), CARDS as GeneratedCard[])

      assert.lengthOf(aiState.calls, 1)
      const call = aiState.calls[0]
      assert.equal(call.api, provider)
      assert.isTrue(call.body.stream)
      const model = provider === 'openai' ? 'double-gpt' : 'double-claude'
      assert.equal(call.body.model, model)
      const system = provider === 'openai' ? call.body.messages[0].content : call.body.system
      const user =
        provider === 'openai' ? call.body.messages[1].content : call.body.messages[0].content
      assert.include(system, 'one JSON object per line')
      assert.include(system, 'at most 10 cards')
      assert.include(user, 'European capitals')
      assert.include(user, 'Only capitals.')
    })

    test('the format decides which cards are kept, and never more than maxCards', async ({
      assert,
    }) => {
      scriptAi({ cards: CARDS })
      assert.deepEqual(await collect(generateCards(request({ format: 'cloze' })).cards), [
        CARDS[1],
      ] as GeneratedCard[])
      scriptAi({ cards: CARDS })
      assert.deepEqual(
        await collect(generateCards(request({ format: 'basic', maxCards: 1 })).cards),
        [CARDS[0]] as GeneratedCard[]
      )
    })

    test('what a provider writes is sanitized, and prose around the JSON is ignored', async ({
      assert,
    }) => {
      scriptAi({
        text:
          'Here are your ' +
          'cards:\n```json\n[{"kind":"basic","front":"<b>Bold</b><script>alert(1)</script>","back":"<img src=x ' +
          'onerror=alert(1)>ok"},\n{"kind":"basic","front":"no back"}]\n```',
      })
      assert.deepEqual(await collect(generateCards(request()).cards), [
        { kind: 'basic', front: '<b>Bold</b>', back: '<img src="x" />ok' },
      ])
    })

    test('a rate limit is retried, then reported as E_AI_RATE_LIMITED', async ({ assert }) => {
      scriptAi({ status: 429 }, { status: 429 })
      const { error } = await failure(generateCards(request()).cards)
      assert.instanceOf(error, ApiException)
      assert.equal(error.code, 'E_AI_RATE_LIMITED')
      assert.equal(error.status, 429)
      assert.lengthOf(aiState.calls, 2)
    })

    test('a server error that passes is retried to success', async ({ assert }) => {
      scriptAi({ status: 500 }, { cards: CARDS })
      assert.lengthOf(await collect(generateCards(request()).cards), 3)
      assert.lengthOf(aiState.calls, 2)
    })

    test('server errors that last are E_AI_PROVIDER (502)', async ({ assert }) => {
      scriptAi({ status: 500 }, { status: 503 })
      const { error } = await failure(generateCards(request()).cards)
      assert.equal(error.code, 'E_AI_PROVIDER')
      assert.equal(error.status, 502)
    })

    test('a refused key is E_AI_PROVIDER without a retry', async ({ assert }) => {
      scriptAi({ status: 401 })
      const { error } = await failure(generateCards(request()).cards)
      assert.equal(error.code, 'E_AI_PROVIDER')
      assert.lengthOf(aiState.calls, 1)
    })

    test('an error in the middle of a stream keeps the cards before it and reports E_AI_PROVIDER', async ({
      assert,
    }) => {
      scriptAi({ midStream: true, cards: CARDS.slice(0, 2) })
      const { error, seen } = await failure(generateCards(request()).cards)
      assert.equal(error.code, 'E_AI_PROVIDER')
      assert.deepEqual(seen, CARDS.slice(0, 2) as GeneratedCard[])
    })

    test('an answer with no card is E_AI_NOTHING_GENERATED ("Impossible to generate cards")', async ({
      assert,
    }) => {
      scriptAi({ text: 'I am sorry, I cannot help with that.' })
      const { error } = await failure(generateCards(request()).cards)
      assert.equal(error.code, 'E_AI_NOTHING_GENERATED')
      assert.equal(error.status, 422)
    })

    test('aborting stops reading the stream: the provider sees the client hang up', async ({
      assert,
    }) => {
      scriptAi({ endless: true, everyMs: 5 })
      const controller = new AbortController()
      const seen: GeneratedCard[] = []
      for await (const card of generateCards(request({ maxCards: 200 }), {
        signal: controller.signal,
      }).cards) {
        seen.push(card)
        if (seen.length === 2) controller.abort()
      }
      assert.lengthOf(seen, 2)
      await hangUpSeen()
      assert.equal(aiState.hangUps, 1)
      assert.lengthOf(aiState.calls, 1)
    })

    test('reaching maxCards ends the provider call too', async ({ assert }) => {
      scriptAi({ endless: true, everyMs: 5 })
      const cards = await collect(generateCards(request({ maxCards: 3 })).cards)
      assert.deepEqual(
        cards.map((card) => card.front),
        ['Endless question 1?', 'Endless question 2?', 'Endless question 3?']
      )
      await hangUpSeen()
      assert.equal(aiState.hangUps, 1)
    })

    test('a stream that stops sending is E_AI_PROVIDER once AI_TIMEOUT_MS passes without a piece', async ({
      assert,
    }) => {
      useAiDouble(provider, { timeoutMs: 300, maxRetries: 0 })
      scriptAi({ stall: true })
      const { error, seen } = await failure(generateCards(request()).cards)
      assert.equal(error.code, 'E_AI_PROVIDER')
      assert.deepEqual(seen, [])
      await hangUpSeen()
      assert.equal(aiState.hangUps, 1)
    })

    test('an already aborted signal makes no call', async ({ assert }) => {
      const controller = new AbortController()
      controller.abort()
      assert.deepEqual(
        await collect(generateCards(request(), { signal: controller.signal }).cards),
        []
      )
      assert.lengthOf(aiState.calls, 0)
    })
  })
}

test.group('AI generation without a provider', (group) => {
  group.each.setup(() => useOffline())

  test('an open topic needs a provider (E_AI_NEEDS_PROVIDER)', async ({ assert }) => {
    const run = generateCards(request())
    assert.equal(run.provider, 'offline')
    assert.equal(activeProvider(), 'offline')
    const { error } = await failure(run.cards)
    assert.equal(error.code, 'E_AI_NEEDS_PROVIDER')
    assert.equal(error.status, 422)
  })

  test('a document with nothing to learn is E_AI_NOTHING_GENERATED', async ({ assert }) => {
    const { error } = await failure(
      generateCards(request({ source: { kind: 'document', text: 'Hello. Ok.' } })).cards
    )
    assert.equal(error.code, 'E_AI_NOTHING_GENERATED')
  })

  test('words without translations need a provider, with a message saying so', async ({
    assert,
  }) => {
    const { error } = await failure(
      generateCards(request({ source: { kind: 'words', words: ['Haus', 'Baum'] } })).cards
    )
    assert.equal(error.code, 'E_AI_NEEDS_PROVIDER')
    assert.equal(error.key, 'ai_needs_provider_translation')
  })
})
