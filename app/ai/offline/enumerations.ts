import nlp from 'compromise'
import { capitalize, stripFinal, wordCount } from '#ai/offline/text'
import { isTermPhrase, lowerFirst } from '#ai/offline/phrases'
import type { GlossaryEntry } from '#ai/offline/blocks'

/*
 * Enumerations in a document's sentences: "There are three types of rock: igneous,
 * sedimentary and metamorphic", "Photosynthesis requires sunlight, carbon dioxide, and
 * water", "… takes place in two stages: a and b", with the question a card asks of them.
 */

export type Enumeration = {
  type: 'enumeration'
  lead: string
  items: string[]
  question: string
  sentence: string
}

const ENUM_VERB =
  /^(.{3,}?)\s+(include|includes|included|consist of|consists of|comprise|comprises|requires|require|needs|need|are|were|is)\s*:?\s+(.+)$/i
const NUMBERS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
}
// eslint-disable-next-line no-control-regex -- NUL brackets the index of a masked aside: text never holds one
const ASIDE_MARK = /\u0000(\d+)\u0000/g
const COUNT = /\b(two|three|four|five|six|seven|eight|nine|ten)\s+[\p{L}-]+/iu

/** Splits "a, b, and c" / "a, b or c" / "a; b; c" into items; null when it is not a short list. */
function listItems(text: string, minimum = 3): string[] | null {
  /* brackets are kept whole: "chlorophyll b (which absorbs blue and red-orange light)" is one item */
  const asides: string[] = []
  const masked = stripFinal(text).replace(
    /\([^()]*\)/g,
    (aside) => `\u0000${asides.push(aside) - 1}\u0000`
  )
  const parts = masked
    .split(/\s*;\s*|\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/i)
    .map((item) => item.trim().replace(/^(and|or)\s+/i, ''))
    .filter(Boolean)
  if (parts.length < minimum) return null
  const last = parts.length - 1
  parts[last] = parts[last].replace(
    /^(\S+(?:\s\S+)?)\s+(?:as|in|for|from|at|on|by|into|during)\s.*$/i,
    '$1'
  )
  /* an item that is a clause ("are better known as antibodies") makes no list */
  if (
    parts.some(
      (item) =>
        wordCount(item) > 5 ||
        /^(which|that|who|where|because|is|are|was|were|has|have|had|can|may|will|be|but|including|except|whereas|while|although)\b/i.test(
          item
        )
    )
  )
    return null
  /* items are things, not clauses ("but others exist") */
  if (
    parts.some(
      (item) =>
        nlp(item).has('#Verb') && !nlp(item).has('#Gerund') && !nlp(`the ${item}`).nouns().length
    )
  )
    return null
  return parts.map((item) => item.replace(ASIDE_MARK, (_, index) => asides[Number(index)]))
}

/**
 * "… pronouns: subjective case (I, you, …), objective case (me, …) and possessive case (my, …)":
 * a list whose every item is a term with its explanation in brackets, read as glossary entries.
 */
export function bracketedEntries(sentence: string): GlossaryEntry[] {
  const colon = sentence.indexOf(':')
  if (colon < 0) return []
  const list = stripFinal(sentence.slice(colon + 1))
  const ITEM = /(?:^|,\s*|\s+)(?:and\s+|or\s+)?([^,():]{2,40}?)\s*\(([^()]+)\)/g
  const entries = [...list.matchAll(ITEM)].map((match) => ({
    term: match[1].trim(),
    definition: match[2].trim(),
  }))
  if (entries.length < 2 || !/^[\s,;]*$/.test(list.replace(ITEM, ''))) return []
  return entries.every(
    (entry) =>
      wordCount(entry.term) <= 4 && isTermPhrase(entry.term) && wordCount(entry.definition) >= 2
  )
    ? entries
    : []
}

export function enumerationOf(sentence: string): Enumeration | null {
  const bare = stripFinal(sentence)
  const colon = bare.indexOf(':')
  if (colon > 0) {
    const lead = bare.slice(0, colon).trim()
    const counted = COUNT.exec(lead)
    const items = listItems(bare.slice(colon + 1), counted ? 2 : 3)
    if (
      items &&
      wordCount(lead) >= 2 &&
      (!counted || NUMBERS[counted[1].toLowerCase()] === items.length)
    ) {
      const question =
        enumerationQuestion(lead) ?? (counted ? `${capitalize(lead)}. What are they?` : null)
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
            : /^(requires?|needs?)$/.test(v)
              ? `What ${plural ? 'do' : 'does'} ${lowerFirst(subject)} ${v.replace(/s$/, '')}?`
              : `What ${v} ${lowerFirst(subject)}?`
      return { type: 'enumeration', lead: `${subject} ${verb}`, items, question, sentence }
    }
  }
  return null
}

/**
 * "There are three types of rock" → "What are the three types of rock?"; "The planets are" → "What are the
 * planets?"
 */
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
    if (v.startsWith('include'))
      return `What ${v === 'include' ? 'do' : 'does'} ${lowerFirst(verb[1])} include?`
    if (v.startsWith('consist'))
      return `What ${v === 'consist of' ? 'do' : 'does'} ${lowerFirst(verb[1])} consist of?`
    return `What ${v} ${lowerFirst(verb[1])}?`
  }
  if (isTermPhrase(lead)) return `What are ${lowerFirst(lead)}?`
  return null
}
