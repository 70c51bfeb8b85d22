import ApiException from '#exceptions/api_exception'
import type { CardRequest, GeneratedCard } from '#ai/types'
import { escapeText } from '#ai/offline/text'

/*
 * Vocabulary offline. With no model and no dictionary on the machine, the
 * generator cannot translate: it makes cards from the translations the list
 * itself gives ("word - translation", "word = translation", "word: …", a tab,
 * a semicolon or a bar between the two; a comma separates synonyms, not a
 * translation) and skips the words it has nothing
 * for. A list with no translation at all is refused with E_AI_NEEDS_PROVIDER
 * and a message saying that translating words needs a provider, rather than
 * making cards whose back is empty or made up.
 */

const SEPARATORS = [/\t+/, /\s+=\s*/, /\s+[–—-]\s+/, /\s*:\s+/, /\s*;\s*/, /\s*\|\s*/]

type VocabularyEntry = { word: string; translation: string }

/** A list line as word and translation, or the word alone. */
function parseEntry(line: string): VocabularyEntry | { word: string; translation: '' } | null {
  const text = line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim()
  if (!text) return null
  for (const separator of SEPARATORS) {
    const match = text.split(separator)
    if (match.length >= 2) {
      const word = match[0].trim()
      const translation = match.slice(1).join(', ').trim()
      if (word && translation) return { word, translation }
    }
  }
  return { word: text, translation: '' }
}

function translationNeeded() {
  return ApiException.of('E_AI_NEEDS_PROVIDER', {
    key: 'ai_needs_provider_translation',
    apiField: 'user_prompt',
  })
}

export function* vocabularyCards(words: string[], request: CardRequest): Generator<GeneratedCard> {
  const seen = new Set<string>()
  const entries: VocabularyEntry[] = []
  for (const line of words.flatMap((item) => item.split(/\r?\n/))) {
    const entry = parseEntry(line)
    if (!entry?.translation || seen.has(entry.word.toLowerCase())) continue
    seen.add(entry.word.toLowerCase())
    entries.push(entry)
  }
  if (!entries.length) throw translationNeeded()
  for (const { word, translation } of entries) {
    if (request.format === 'cloze') {
      yield {
        kind: 'cloze',
        front: `${escapeText(word)} = {{c1::${escapeText(translation)}}}`,
        back: '',
      }
    } else {
      yield { kind: 'basic', front: escapeText(word), back: escapeText(translation) }
    }
  }
}
