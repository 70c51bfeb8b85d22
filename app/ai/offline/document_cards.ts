import type { CardRequest, GeneratedCard } from '#ai/types'
import {
  documentFacts,
  findTerm,
  lowerFirst,
  withoutArticle,
  type Fact,
} from '#ai/offline/document'
import { capitalize, escapeText, stripFinal, wordCount } from '#ai/offline/text'

/*
 * The facts document.ts finds, made into cards of the requested format:
 * question/answer cards for basic and reversed requests, clozes of the
 * document's own sentences for cloze requests, a mix for mixed ones.
 */

/**
 * A brief definition: cut before a trailing clause (", which …", " that …", "; …"), never
 * inside a list ("to store, keep and recall", "I, you, he, …"), never leaving a word that
 * needs what was cut ("the stage in"), and keeping the clause that tells a kind apart
 * ("the form of chlorophyll that absorbs …", "a mixture with a composition that varies …").
 */
function shorten(definition: string, detail: CardRequest['detail']) {
  if (detail !== 'brief') return definition
  for (const cut of definition.matchAll(/,|;|\s+(?:which|that|because|so that)\s/g)) {
    const head = definition.slice(0, cut.index)
    const rest = definition.slice(cut.index + cut[0].length)
    if (
      head.length < 12 ||
      wordCount(head) < 3 ||
      head.split('(').length !== head.split(')').length
    )
      continue
    /* a list goes on after the comma ("store, keep and recall", "he, she, it") or ends in a last item */
    if (
      /^[,;]$/.test(cut[0]) &&
      (/^\s*(?:[\p{L}-]+\s+){0,3}?(?:(?:and|or)\s|[\p{L}-]+[,;])/u.test(rest) ||
        wordCount(rest) <= 2)
    )
      continue
    if (/\b(?:in|of|to|on|at|by|for|with|from|into|the|a|an|and|or|such as)$/i.test(head)) continue
    if (
      /^\s+(?:which|that)\s/.test(cut[0]) &&
      (wordCount(head) < 4 || KIND_OF.test(head) || /\bwith\s+an?\s+[\p{L}-]+$/iu.test(head))
    )
      continue
    return head
  }
  return definition
}

const KIND_OF =
  /^(?:the|a|an)\s+(?:form|type|kind|sort|class|group|part|variety|stage)\s+of\s+(?:the\s+|a\s+|an\s+)?[\p{L}-]+$/iu

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

/**
 * The sentence with every occurrence of the term hidden by one deletion: a second "granum" would give the
 * first away.
 */
function clozeAll(sentence: string, term: string) {
  let rest = sentence
  let front = ''
  for (let found = findTerm(rest, term); found; found = findTerm(rest, term)) {
    front += escapeText(rest.slice(0, found.index)) + cloze(escapeText(found.text))
    rest = rest.slice(found.index + found.text.length)
  }
  return front ? front + escapeText(rest) : null
}

/** One fact as a card of the requested format. */
function cardFor(fact: Fact, request: CardRequest, position: number): GeneratedCard | null {
  const detail = request.detail
  const wantsCloze =
    request.format === 'cloze' ||
    (request.format === 'mixed' &&
      (fact.type === 'key' ||
        fact.type === 'enumeration' ||
        fact.type === 'table' ||
        position % 2 === 1))
  const e = escapeText
  switch (fact.type) {
    case 'glossary': {
      const definition = stripFinal(shorten(fact.definition, detail))
      if (wantsCloze)
        return { kind: 'cloze', front: `${cloze(e(fact.term))}: ${e(definition)}`, back: '' }
      return { kind: 'basic', front: e(fact.term), back: e(capitalize(definition)) }
    }
    case 'definition': {
      const definition = stripFinal(shorten(fact.definition, detail))
      const extra = detail === 'detailed' && fact.follow ? fact.follow : ''
      if (wantsCloze) {
        const front = clozeAll(fact.sentence, withoutArticle(fact.term))
        return front ? { kind: 'cloze', front, back: e(extra) } : null
      }
      if (request.format === 'reversed') {
        return {
          kind: 'basic',
          front: e(capitalize(withoutArticle(fact.term))),
          back: e(capitalize(definition)) + (extra ? `<br>${e(extra)}` : ''),
        }
      }
      return {
        kind: 'basic',
        front: e(capitalize(questionFor(fact))),
        back: e(capitalize(definition)) + (extra ? `<br>${e(extra)}` : ''),
      }
    }
    case 'enumeration': {
      if (wantsCloze) {
        let front = e(fact.sentence)
        fact.items.slice(0, 9).forEach((item, index) => {
          const found = findTerm(front, e(withoutArticle(item)))
          if (found)
            front =
              front.slice(0, found.index) +
              cloze(found.text, index + 1) +
              front.slice(found.index + found.text.length)
        })
        return { kind: 'cloze', front, back: '' }
      }
      if (request.format === 'reversed') return null
      const items = fact.items
      const answer =
        items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items[0]
      return { kind: 'basic', front: e(capitalize(fact.question)), back: e(capitalize(answer)) }
    }
    case 'table': {
      const title = `${e(fact.caption)} — ${e(fact.label)}`
      if (wantsCloze)
        return {
          kind: 'cloze',
          front:
            `${title}: ` +
            `${fact.entries.map((entry, index) => `${e(entry.name)} ${cloze(e(entry.value), index + 1)}`).join('; ')}`,
          back: '',
        }
      if (request.format === 'reversed') return null
      return {
        kind: 'basic',
        front: `${title}?`,
        back: fact.entries.map((entry) => `${e(entry.name)}: ${e(entry.value)}`).join('; '),
      }
    }
    case 'key': {
      const found = findTerm(fact.sentence, fact.term)
      if (!found) return null
      const before = fact.sentence.slice(0, found.index)
      const after = fact.sentence.slice(found.index + found.text.length)
      if (wantsCloze)
        return { kind: 'cloze', front: e(before) + cloze(e(found.text)) + e(after), back: '' }
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
    /* one cloze a sentence: two deletions of the same sentence on two cards read as the same card twice */
    const key =
      card && card.kind === 'cloze' ? card.front.replace(/\{\{c\d+::(.*?)\}\}/g, '$1') : card?.front
    if (!card || seen.has(key!)) continue
    seen.add(key!)
    position++
    yield card
  }
}
