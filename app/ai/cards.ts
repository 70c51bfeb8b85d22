import type { CardRequest, DetailLevel, GenerationRun } from '#ai/types'
import { nothingGenerated, needsProvider } from '#ai/errors'
import { activeProviderName, textProvider } from '#ai/providers'
import { offlineCards } from '#ai/offline/generator'
import { cardPrompt } from '#ai/prompts'
import { cardsFromText, acceptCard } from '#ai/card_stream'
import { frontKey } from '#ai/resume'
import type { GeneratedCard } from '#ai/types'

/*
 * The AI text layer's card-generation entry point. Everything that makes
 * cards from a document, a prompt or a word list (the generation endpoints,
 * the worker's stream job, onboarding) goes through generateCards(): it picks
 * the configured provider (OpenAI-compatible or Anthropic, app/ai/providers.ts)
 * or, with none configured, the offline generator (app/ai/offline/).
 */

export type { CardFormat, DetailLevel, CardRequest, GeneratedCard, GenerationRun } from '#ai/types'
export { needsProvider } from '#ai/errors'

/** The most cards one request may ask for, whatever the caller passes (the plans' limits are lower). */
const MAX_CARDS_PER_REQUEST = 200

/**
 * Generates cards for a request. Never throws synchronously; the iterator throws ApiException with codes
 * E_AI_RATE_LIMITED (429), E_AI_PROVIDER (502), E_AI_NEEDS_PROVIDER (422: an open topic with no provider
 * configured), E_AI_NOTHING_GENERATED (422: "Impossible to generate cards").
 * Stops promptly (no more provider traffic) when options.signal aborts: the iterator then simply ends
 * (no error), having yielded only the cards made before the abort.
 * Cards are sanitized (sanitizeFieldHtml) and never more than request.maxCards.
 */
export function generateCards(
  request: CardRequest,
  options: { signal?: AbortSignal } = {}
): GenerationRun {
  const provider = activeProviderName()
  return { provider, cards: run(request, provider, options.signal) }
}

/** Which provider is configured ('offline' when none): the UI says so. */
export function activeProvider(): 'openai' | 'anthropic' | 'offline' {
  return activeProviderName()
}

async function* run(
  request: CardRequest,
  provider: GenerationRun['provider'],
  signal?: AbortSignal
) {
  const max = Math.max(1, Math.min(MAX_CARDS_PER_REQUEST, Math.floor(request.maxCards) || 1))
  const source = offlineRequestOk(request)
  /* a resumed run never makes a card it saved before (the offline generator makes the same cards again) */
  const made = new Set((request.made ?? []).map(frontKey))
  const fresh = (card: GeneratedCard | null): card is GeneratedCard =>
    !!card && !made.has(frontKey(card.front))
  let count = 0
  if (signal?.aborted) return
  if (provider === 'offline') {
    if (!source) throw needsProvider()
    for (const card of offlineCards({ ...request, maxCards: max + made.size })) {
      if (signal?.aborted) return
      const accepted = acceptCard(card, request.format)
      if (!fresh(accepted)) continue
      yield accepted
      if (++count >= max) return
    }
  } else {
    const controller = new AbortController()
    const abort = () => controller.abort()
    signal?.addEventListener('abort', abort, { once: true })
    try {
      const { system, user } = cardPrompt({ ...request, maxCards: max })
      const text = textProvider().stream(
        { system, user, maxTokens: tokensFor(max, request.detail) },
        controller.signal
      )
      for await (const card of cardsFromText(text, request.format)) {
        if (signal?.aborted) return
        if (!fresh(card)) continue
        yield card
        if (++count >= max) return
      }
    } finally {
      signal?.removeEventListener('abort', abort)
      /* ends the HTTP stream when the consumer stops early (max reached, break, abort) */
      controller.abort()
    }
    if (signal?.aborted) return
  }
  if (count === 0 && !signal?.aborted) throw nothingGenerated()
}

/** Whether the offline generator can answer this source (open prompts need a model). */
function offlineRequestOk(request: CardRequest) {
  return request.source.kind !== 'prompt'
}

function tokensFor(cards: number, detail: DetailLevel) {
  const perCard = detail === 'brief' ? 60 : detail === 'standard' ? 120 : 220
  return Math.min(16_000, 256 + cards * perCard)
}
