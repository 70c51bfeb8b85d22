import type { CardRequest, GeneratedCard } from '#ai/types'
import { documentFacts, findTerm, lowerFirst, withoutArticle, type Fact } from '#ai/offline/document'
import { capitalize, escapeText, stripFinal, wordCount } from '#ai/offline/text'

/*
 * The facts document.ts finds, made into cards of the requested format:
 * question/answer cards for basic and reversed requests, clozes of the
 * document's own sentences for cloze requests, a mix for mixed ones.
 */

function shorten(definition: string, detail: CardRequest['detail']) {
  if (detail !== 'brief') return definition
  const cut = /^(.{12,}?)(?:,|;|\s+which\s|\s+that\s|\s+because\s|\s+so that\s)/.exec(definition)
  return cut && wordCount(cut[1]) >= 3 ? cut[1] : definition
}

function questionFor(fact: Extract<Fact, { type: 'definition' }>) {
  const term = lowerFirst(fact.term)
  switch (fact.verb) {
    case 'refers to':
      return `What does ${term} refer to?`
    case 'refer to':
      return `What do ${term} refer to?`
    case 'means':
      return `What does ${term} mean?`
    case 'are':
    case 'are defined as':
    case 'are known as':
    case 'are called':
      return `What are ${term}?`
    default:
      return `What is ${term}?`
  }
}

const cloze = (text: string, index = 1) => `{{c${index}::${text}}}`

/** One fact as a card of the requested format. */
function cardFor(fact: Fact, request: CardRequest, position: number): GeneratedCard | null {
  const detail = request.detail
  const wantsCloze = request.format === 'cloze' || (request.format === 'mixed' && (fact.type === 'key' || fact.type === 'enumeration' || position % 2 === 1))
  const e = escapeText
  switch (fact.type) {
    case 'glossary': {
      const definition = stripFinal(shorten(fact.definition, detail))
      if (wantsCloze) return { kind: 'cloze', front: `${cloze(e(fact.term))}: ${e(definition)}`, back: '' }
      return { kind: 'basic', front: e(fact.term), back: e(capitalize(definition)) }
    }
    case 'definition': {
      const definition = stripFinal(shorten(fact.definition, detail))
      const extra = detail === 'detailed' && fact.follow ? fact.follow : ''
      if (wantsCloze) {
        const found = findTerm(fact.sentence, withoutArticle(fact.term))
        if (!found) return null
        const front = e(fact.sentence.slice(0, found.index)) + cloze(e(found.text)) + e(fact.sentence.slice(found.index + found.text.length))
        return { kind: 'cloze', front, back: e(extra) }
      }
      if (request.format === 'reversed') {
        return { kind: 'basic', front: e(capitalize(withoutArticle(fact.term))), back: e(capitalize(definition)) + (extra ? `<br>${e(extra)}` : '') }
      }
      return { kind: 'basic', front: e(capitalize(questionFor(fact))), back: e(capitalize(definition)) + (extra ? `<br>${e(extra)}` : '') }
    }
    case 'enumeration': {
      if (wantsCloze) {
        let front = e(fact.sentence)
        fact.items.slice(0, 9).forEach((item, index) => {
          const found = findTerm(front, e(withoutArticle(item)))
          if (found) front = front.slice(0, found.index) + cloze(found.text, index + 1) + front.slice(found.index + found.text.length)
        })
        return { kind: 'cloze', front, back: '' }
      }
      if (request.format === 'reversed') return null
      const items = fact.items
      const answer = items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items[0]
      return { kind: 'basic', front: e(capitalize(fact.question)), back: e(capitalize(answer)) }
    }
    case 'key': {
      const found = findTerm(fact.sentence, fact.term)
      if (!found) return null
      const before = fact.sentence.slice(0, found.index)
      const after = fact.sentence.slice(found.index + found.text.length)
      if (wantsCloze) return { kind: 'cloze', front: e(before) + cloze(e(found.text)) + e(after), back: '' }
      if (request.format === 'reversed') return null
      return { kind: 'basic', front: `${e(before)}_____${e(after)}`, back: e(found.text) }
    }
  }
}

export function* documentCards(text: string, request: CardRequest): Generator<GeneratedCard> {
  const seen = new Set<string>()
  let position = 0
  for (const fact of documentFacts(text)) {
    const card = cardFor(fact, request, position)
    if (!card || seen.has(card.front)) continue
    seen.add(card.front)
    position++
    yield card
  }
}
