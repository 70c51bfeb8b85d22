import type { CardRequest, GeneratedCard } from '#ai/types'
import { documentCards } from '#ai/offline/document_cards'
import { vocabularyCards } from '#ai/offline/words'

/**
 * The offline generator: cards made on this machine, with no model and no
 * network. Documents become definition, glossary, enumeration and key-sentence
 * cards built from the document's own sentences (app/ai/offline/document.ts);
 * word lists become vocabulary cards where the list gives the translation
 * (app/ai/offline/words.ts). Open prompts cannot be answered offline: the
 * caller refuses them with E_AI_NEEDS_PROVIDER before coming here.
 */
export function* offlineCards(request: CardRequest): Generator<GeneratedCard> {
  const source = request.source
  const cards =
    source.kind === 'document'
      ? documentCards(source.text, request)
      : source.kind === 'words'
        ? vocabularyCards(source.words, request)
        : []
  let count = 0
  for (const card of cards) {
    if (count++ >= request.maxCards) return
    yield card
  }
}
