import nlp from 'compromise'
import type { CardRequest, GeneratedCard } from '#ai/cards'
import { capitalize, escapeText, squash, stripFinal, wordCount } from '#ai/offline/text'

/*
 * Cards from a document's own sentences, with no model. compromise splits the
 * text into sentences, tells nouns, pronouns, verbs and numbers apart and finds
 * the noun phrases the document keeps returning to (its key terms); the
 * patterns below only pick which sentences are definitions, glossary entries
 * or enumerations, and where their parts are.
 *
 * Facts found, in the document's order:
 * - glossary lines ("Term: explanation", "Term — explanation", a tab between)
 * - definitions ("X is a …", "X are …", "X refers to …", "X means …", "X is defined as …",
 *   and the other way round, "… is called X" / "… is known as X")
 * - enumerations ("three types of rock: igneous, sedimentary and metamorphic",
 *   "X include a, b and c")
 * - key sentences: sentences holding one of the key terms, made into clozes
 *
 * Basic and reversed requests get question/answer cards (definitions, glossary,
 * enumerations, then fill-in-the-blank key sentences); cloze requests get clozes
 * of the same facts; mixed alternates as fits each fact.
 */

type Fact =
  | { type: 'definition'; term: string; definition: string; verb: string; sentence: string; follow?: string }
  | { type: 'glossary'; term: string; definition: string }
  | { type: 'enumeration'; lead: string; items: string[]; question: string; sentence: string }
  | { type: 'key'; sentence: string; term: string }

/** Words that open a sentence that depends on the one before: it cannot stand alone on a card. */
const DEPENDENT_OPENERS = new Set([
  'it', 'its', 'this', 'that', 'these', 'those', 'they', 'them', 'their', 'he', 'she', 'his', 'her', 'there', 'here',
  'such', 'which', 'what', 'who', 'so', 'thus', 'then', 'also', 'but', 'and', 'or', 'however', 'therefore', 'hence',
  'moreover', 'furthermore', 'besides', 'instead', 'otherwise', 'both', 'another', 'each', 'one', 'some', 'many',
  'most', 'all', 'none', 'we', 'you', 'i', 'our', 'your', 'my', 'in', 'for', 'as', 'if', 'when', 'while', 'although',
  'though', 'because', 'since', 'after', 'before', 'on', 'at', 'by', 'with', 'from', 'to', 'of', 'same', 'former', 'latter', 'above', 'below',
])

/** Nouns too general to be a key term on their own. */
const GENERIC_NOUNS = new Set([
  'thing', 'things', 'way', 'ways', 'example', 'examples', 'part', 'parts', 'type', 'types', 'kind', 'kinds', 'number',
  'numbers', 'use', 'uses', 'time', 'times', 'form', 'forms', 'lot', 'other', 'others', 'case', 'cases', 'fact', 'result',
  'results', 'amount', 'place', 'order', 'side', 'end', 'term', 'terms', 'word', 'words', 'chapter', 'section', 'figure',
  'table', 'page', 'fig', 'process', 'processes', 'called', 'what', 'something', 'anything', 'everything', 'one',
  'group', 'groups', 'class', 'classes', 'instance', 'means', 'variety', 'series', 'set', 'sort', 'sorts', 'point', 'year', 'years',
])

const DEFINITION = /^(.{2,80}?)\s+(is defined as|are defined as|refers to|refer to|is known as|are known as|is called|are called|means|is|are)\s+(.+)$/i
const REVERSE_DEFINITION = /^(.{12,}?)\s+(?:is|are)\s+(?:called|known as|termed|named)\s+(?:an?\s+|the\s+)?([^,;]{2,60})$/i
const GLOSSARY_LINE = /^\s*(?:[-*•]\s*)?([^\t:—–]{1,60}?)\s*(?:\t+|\s*[:—–]\s+|\s+-\s+)(.{8,})$/
const ENUM_VERB = /^(.{3,}?)\s+(include|includes|included|consist of|consists of|comprise|comprises|are|were|is)\s*:?\s+(.+)$/i

/** Paragraphs, their lines re-joined (hyphenated line breaks mended), glossary lines kept apart. */
function blocks(text: string): { prose: string[]; glossary: { term: string; definition: string }[] } {
  const prose: string[] = []
  const glossary: { term: string; definition: string }[] = []
  for (const paragraph of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = paragraph.split('\n').map((line) => line.trim()).filter(Boolean)
    const entries = lines.map(glossaryEntry)
    const matched = entries.filter(Boolean).length
    /* one line alone is an entry only when its explanation is a single sentence ("Term: explanation") */
    const single = lines.length === 1 && entries[0] && nlp(entries[0].definition).sentences().length === 1
    const isGlossary = lines.length > 1 ? matched >= Math.ceil(lines.length * 0.6) : Boolean(single)
    if (isGlossary) {
      for (const entry of entries) if (entry) glossary.push(entry)
      continue
    }
    prose.push(squash(lines.join('\n').replace(/(\w)-\n(\w)/g, '$1$2')))
  }
  return { prose: prose.filter(Boolean), glossary }
}

function glossaryEntry(line: string) {
  const match = GLOSSARY_LINE.exec(line)
  if (!match) return null
  const term = squash(match[1])
  const definition = squash(match[2])
  if (!/^[\p{L}\p{N}]/u.test(term) || /[.!?]$/.test(term) || !isTermPhrase(term)) return null
  if (wordCount(definition) < 2) return null
  return { term, definition }
}

/** Whether a phrase is a noun phrase that can be the subject of a card (no pronoun, no verb, not too long). */
function isTermPhrase(phrase: string) {
  if (wordCount(phrase) > 6 || phrase.length < 2) return false
  if (/[,;:()"]/.test(phrase)) return false
  const first = phrase.split(/\s+/)[0].toLowerCase()
  if (DEPENDENT_OPENERS.has(first)) return false
  const doc = nlp(phrase)
  if (doc.has('#Pronoun') || doc.has('#Verb') && !doc.has('#Gerund')) return false
  return doc.nouns().length > 0
}

/** Whether a predicate reads as a definition ("a process …", "the study of …"), not a judgement ("important"). */
function isDefinitionPredicate(predicate: string) {
  if (wordCount(predicate) < 3) return false
  const doc = nlp(predicate)
  return doc.has('^(a|an|the|any|one|#Noun)') || doc.has('^#Adjective+ #Noun') || doc.has('^#Adverb? #Adjective #Noun')
}

const withoutArticle = (term: string) => term.replace(/^(the|a|an)\s+/i, '')

function definitionOf(sentence: string): Extract<Fact, { type: 'definition' }> | null {
  const bare = stripFinal(sentence)
  const reverse = REVERSE_DEFINITION.exec(bare)
  if (reverse && isTermPhrase(reverse[2]) && wordCount(reverse[1]) >= 3) {
    const described = reverse[1].replace(/^(the|a|an)\s+/i, (article) => article.toLowerCase())
    if (!DEPENDENT_OPENERS.has(described.split(/\s+/)[0].toLowerCase()) || /^(the|a|an)\s/i.test(described)) {
      return { type: 'definition', term: reverse[2].trim(), definition: described, verb: 'is', sentence }
    }
  }
  const match = DEFINITION.exec(bare)
  if (!match) return null
  const [, subject, verb, predicate] = match
  if (!isTermPhrase(subject) || !isDefinitionPredicate(predicate)) return null
  if (/^(called|known|termed|named)\b/i.test(predicate)) return null
  return { type: 'definition', term: subject.trim(), definition: predicate.trim(), verb: verb.toLowerCase(), sentence }
}

/** Splits "a, b, and c" / "a, b or c" / "a; b; c" into items; null when it is not a short list. */
function listItems(text: string): string[] | null {
  const parts = stripFinal(text)
    .split(/\s*;\s*|\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/i)
    .map((item) => item.trim().replace(/^(and|or)\s+/i, ''))
    .filter(Boolean)
  if (parts.length < 3) return null
  if (parts.some((item) => wordCount(item) > 5 || /^(which|that|who|where|because)\b/i.test(item))) return null
  return parts
}

function enumerationOf(sentence: string): Extract<Fact, { type: 'enumeration' }> | null {
  const bare = stripFinal(sentence)
  const colon = bare.indexOf(':')
  if (colon > 0) {
    const lead = bare.slice(0, colon).trim()
    const items = listItems(bare.slice(colon + 1))
    if (items && wordCount(lead) >= 2) {
      const question = enumerationQuestion(lead)
      if (question) return { type: 'enumeration', lead, items, question, sentence }
    }
  }
  const match = ENUM_VERB.exec(bare)
  if (match) {
    const [, subject, verb, rest] = match
    const items = listItems(rest)
    if (items && isTermPhrase(subject)) {
      const plural = nlp(subject).nouns().isPlural().found
      const v = verb.toLowerCase()
      const question = /^(include|includes|included)$/.test(v)
        ? `What ${plural ? 'do' : 'does'} ${lowerFirst(subject)} include?`
        : /^consists? of$/.test(v)
          ? `What ${plural ? 'do' : 'does'} ${lowerFirst(subject)} consist of?`
          : /^comprises?$/.test(v)
            ? `What ${plural ? 'do' : 'does'} ${lowerFirst(subject)} comprise?`
            : `What ${v} ${lowerFirst(subject)}?`
      return { type: 'enumeration', lead: `${subject} ${verb}`, items, question, sentence }
    }
  }
  return null
}

/** "There are three types of rock" → "What are the three types of rock?"; "The planets are" → "What are the planets?" */
function enumerationQuestion(lead: string): string | null {
  const there = /^there\s+(are|were|is)\s+(.+)$/i.exec(lead)
  if (there) {
    const what = there[2].replace(/^(several|many|some|a few|various|different)\s+/i, '')
    const counted = nlp(what).has('^#Value')
    return `What ${there[1].toLowerCase() === 'is' ? 'are' : there[1].toLowerCase()} ${counted ? 'the ' : ''}${what}?`
  }
  const verb = /^(.+?)\s+(are|were|include|includes|is|consist of|consists of)$/i.exec(lead)
  if (verb && isTermPhrase(verb[1])) {
    const v = verb[2].toLowerCase()
    if (v.startsWith('include')) return `What ${v === 'include' ? 'do' : 'does'} ${lowerFirst(verb[1])} include?`
    if (v.startsWith('consist')) return `What ${v === 'consist of' ? 'do' : 'does'} ${lowerFirst(verb[1])} consist of?`
    return `What ${v} ${lowerFirst(verb[1])}?`
  }
  if (isTermPhrase(lead)) return `What are ${lowerFirst(lead)}?`
  return null
}

/** Lower-cases an opening article/determiner, not a proper noun ("The planets" → "the planets", "Mars" stays). */
function lowerFirst(phrase: string) {
  return phrase.replace(/^(The|A|An|These|Those|Its|All|Some|Most|Many)\b/, (word) => word.toLowerCase())
}

/** The document's key terms: noun phrases it repeats, most frequent first. */
function keyTerms(sentences: string[]): Map<string, number> {
  const counts = new Map<string, number>()
  const add = (term: string) => {
    const key = term.toLowerCase()
    if (key.length < 3 || GENERIC_NOUNS.has(key) || /^\d/.test(key)) return
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  for (const sentence of sentences) {
    const seen = new Set<string>()
    nlp(sentence)
      .nouns()
      .forEach((noun) => {
        const phrase = squash(noun.not('#Determiner').not('#Pronoun').not('#Possessive').text('normal').replace(/[^\p{L}\p{N}\s'-]/gu, ' '))
        if (!phrase || wordCount(phrase) > 3) return
        const head = phrase.split(' ').at(-1)!
        for (const candidate of new Set([phrase, head])) {
          if (!seen.has(candidate)) {
            seen.add(candidate)
            add(candidate)
          }
        }
      })
  }
  return new Map([...counts].filter(([, count]) => count >= 2).sort((a, b) => b[1] - a[1]))
}

/** The first whole-word occurrence of a term in a sentence (case-insensitive), or -1. */
function findTerm(sentence: string, term: string) {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu')
  const match = pattern.exec(sentence)
  return match ? { index: match.index, text: match[0] } : null
}

function isStandalone(sentence: string) {
  const words = wordCount(sentence)
  if (words < 6 || words > 40) return false
  if (!/[.!]$/.test(sentence.trim())) return false
  const first = sentence.trim().split(/\s+/)[0].toLowerCase().replace(/[^a-z]/g, '')
  if (DEPENDENT_OPENERS.has(first)) return false
  if (/\b(see|fig\.|figure|table|chapter)\s+\d/i.test(sentence)) return false
  const doc = nlp(sentence)
  return doc.has('#Verb') && !doc.has('^#Pronoun')
}

/** Everything the document teaches, in its order. */
export function documentFacts(text: string): Fact[] {
  const { prose, glossary } = blocks(text)
  const facts: Fact[] = glossary.map((entry) => ({ type: 'glossary', ...entry }))
  const sentences = prose.flatMap((paragraph) => nlp(paragraph).sentences().out('array') as string[]).map(squash)
  const terms = keyTerms(sentences)
  const defined = new Set(facts.map((fact) => (fact.type === 'glossary' ? fact.term.toLowerCase() : '')))
  const used = new Set<string>()
  const keyCandidates: Fact[] = []
  sentences.forEach((sentence, index) => {
    if (wordCount(sentence) > 60) return
    const enumeration = enumerationOf(sentence)
    if (enumeration) {
      facts.push(enumeration)
      used.add(sentence)
      return
    }
    const definition = definitionOf(sentence)
    if (definition && !defined.has(withoutArticle(definition.term).toLowerCase())) {
      const next = sentences[index + 1]
      if (next && /^(it|this|they|these)\s/i.test(next) && wordCount(next) <= 35) definition.follow = next
      defined.add(withoutArticle(definition.term).toLowerCase())
      facts.push(definition)
      used.add(sentence)
      return
    }
    if (!isStandalone(sentence)) return
    /* the most frequent key term the sentence holds, not at its very start when another is found */
    let best: { term: string; count: number; found: { index: number; text: string } } | null = null
    for (const [term, count] of terms) {
      const found = findTerm(sentence, term)
      if (found && (!best || count > best.count)) best = { term, count, found }
    }
    if (best) keyCandidates.push({ type: 'key', sentence, term: best.found.text })
  })
  /* key sentences after the definitions: they fill up to the requested count */
  return [...facts, ...keyCandidates.filter((fact) => fact.type === 'key' && !used.has(fact.sentence))]
}

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
          const found = findTerm(front, e(item))
          if (found) front = front.slice(0, found.index) + cloze(found.text, index + 1) + front.slice(found.index + found.text.length)
        })
        return { kind: 'cloze', front, back: '' }
      }
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
