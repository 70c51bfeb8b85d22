import nlp from 'compromise'
import { squash, wordCount } from '#ai/offline/text'
import { GENERIC_NOUNS, findTerm, isTermPhrase } from '#ai/offline/phrases'

/*
 * What a key sentence hides: the term it names ("called X", "named X"), else a term the
 * document defines, one it keeps returning to, a name, or a quantity ("8 percent",
 * "1894 BCE"). A blank always takes a phrase whole ("electromagnetic spectrum", not
 * "electromagnetic _____"), and never a word the sentence shows elsewhere.
 */

/** The document's key terms: noun phrases it repeats (a plural counted with its singular), most frequent first. */
export function keyTerms(sentences: string[]): Map<string, number> {
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
        const phrase = squash(
          noun
            .not('#Determiner')
            .not('#Pronoun')
            .not('#Possessive')
            .text('normal')
            .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
        )
        if (!phrase || wordCount(phrase) > 3 || GENERIC_NOUNS.has(phrase.split(' ')[0])) return
        for (const candidate of new Set([phrase, phrase.split(' ').at(-1)!])) {
          if (!seen.has(candidate)) add(candidate)
          seen.add(candidate)
        }
      })
  }
  for (const [key, count] of counts) {
    const singular = key.replace(/s$/, '')
    if (singular !== key && !key.endsWith('ss') && counts.has(singular)) {
      counts.set(key, count + counts.get(singular)!)
      counts.set(singular, counts.get(key)!)
    }
  }
  /* "carry out photosynthesis" is a verb phrase the tagger took for a noun */
  return new Map(
    [...counts]
      .filter(([term, count]) => count >= 2 && isTermPhrase(term))
      .sort((a, b) => b[1] - a[1])
  )
}

/*
 * "… openings called stomata", "… is called a granum", "… named Sumu-adum", "… referred to as packed cell
 * volume (PCV)"
 */
const CALLED =
  /\b(?:called|known as|termed|named|referred to as)\s+(?:the\s+|a\s+|an\s+)?([\p{L}][\p{L}-]*(?:\s(?!(?:in|which|that|where|and|to|of)\b)[\p{L}][\p{L}-]*){0,3}?)(?=\s*(?:[.,;(]|$|\s(?:in|which|that|where|and)\b))/u
const NAMED_PERSON = /\bnamed\s+(\p{Lu}[\p{L}-]*(?:\s\p{Lu}[\p{L}-]*)*)/u
/* a name: capitalised words inside the sentence ("the Tropic of Cancer", "Sumu-adum") */
const PROPER = /(?<=[\p{L},;]\s)(\p{Lu}[\p{Ll}-]+(?:\s(?:of\s)?\p{Lu}[\p{Ll}-]+){0,3})/gu
const QUANTITY =
  /(?<![\p{L}\p{N}.–-])\d+(?:[.,]\d+)*(?:\s?[–-]\s?\d+(?:[.,]\d+)*)?(?:\s(?:percent|BCE|CE|BC|AD|liters|litres|miles|kilometers|km|years))?(?![\p{L}\p{N}–-])/gu
const STOP =
  /^(the|a|an|of|in|on|to|into|onto|and|or|but|by|for|with|without|from|as|at|about|between|through|within|under|over|after|before|during|than|is|are|was|were|be|been|its|their|his|her|this|that|these|those|which|who|each|all|some|any|one|two|three|not|also|only|very|more|most)$/i

type Candidate = { text: string; index: number; rank: number }

/** A phrase the document keeps whole around a found term ("electromagnetic" + "spectrum"): at most three words. */
function whole(sentence: string, found: { index: number; text: string }, document: string) {
  let { index, text } = found
  const uses = (phrase: string) =>
    (
      document.match(
        new RegExp(
          `(?<![\\p{L}\\p{N}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`,
          'giu'
        )
      ) ?? []
    ).length
  for (let step = 0; step < 3; step++) {
    const before = /([\p{L}\p{N}][\p{L}\p{N}-]*)\s$/u.exec(sentence.slice(0, index))?.[1]
    const after = /^\s([\p{L}\p{N}][\p{L}\p{N}-]*)/u.exec(sentence.slice(index + text.length))?.[1]
    const grows = (phrase: string, word: string | undefined) =>
      word && !STOP.test(word) && uses(phrase) >= 2 && isTermPhrase(phrase)
    if (grows(`${before} ${text}`, before)) {
      index -= before!.length + 1
      text = `${before} ${text}`
    } else if (grows(`${text} ${after}`, after)) text = `${text} ${after}`
    else break
  }
  return text === found.text || wordCount(text) <= 3 ? { index, text } : null
}

function candidates(
  sentence: string,
  terms: Map<string, number>,
  defined: Set<string>
): Candidate[] {
  const found: Candidate[] = []
  /* the word the whole document is about ("blood" in a page on blood) makes the emptiest blank */
  const [topic] = terms.keys()
  const named = NAMED_PERSON.exec(sentence)?.[1] ?? CALLED.exec(sentence)?.[1]
  if (named && isTermPhrase(named)) found.push({ ...findTerm(sentence, named)!, rank: 0 })
  for (const term of terms.keys()) {
    const at = findTerm(sentence, term)
    if (at)
      found.push({
        ...at,
        rank:
          term === topic && terms.get(term)! >= 5
            ? 5
            : defined.has(term)
              ? 1
              : term.includes(' ')
                ? 2
                : 4,
      })
  }
  for (const match of sentence.matchAll(PROPER)) {
    /* a name used as a modifier ("German articles", "the Congo rainforest") is not what the sentence teaches */
    const next = /^\s([\p{Ll}][\p{L}-]*)/u.exec(sentence.slice(match.index! + match[1].length))?.[1]
    if (isTermPhrase(match[1]) && !(next && nlp(next).has('#Noun')))
      found.push({ text: match[1], index: match.index!, rank: 2 })
  }
  for (const match of sentence.matchAll(QUANTITY))
    found.push({ text: match[0], index: match.index!, rank: 3 })
  return found
}

/**
 * The phrase a key sentence hides, or null: the best-ranked candidate (from `from` on, past
 * what another card of the sentence asks), the least used so far first (each at most
 * twice), so the blanks spread over the document's vocabulary.
 */
export function keyTermOf(
  sentence: string,
  document: string,
  terms: Map<string, number>,
  defined: Set<string>,
  blanks: Map<string, number>,
  from = 0
) {
  const usable = candidates(sentence, terms, defined)
    .filter((candidate) => candidate.index >= from)
    .flatMap((candidate) => {
      const span = whole(sentence, candidate, document)
      return span ? [{ ...candidate, ...span }] : []
    })
    .filter((candidate) => (blanks.get(candidate.text.toLowerCase()) ?? 0) < 2)
    .filter(
      (candidate) =>
        !findTerm(
          sentence.slice(0, candidate.index) +
            ' '.repeat(candidate.text.length) +
            sentence.slice(candidate.index + candidate.text.length),
          candidate.text
        )
    )
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        (blanks.get(a.text.toLowerCase()) ?? 0) - (blanks.get(b.text.toLowerCase()) ?? 0) ||
        (terms.get(b.text.toLowerCase()) ?? 0) - (terms.get(a.text.toLowerCase()) ?? 0)
    )
  return usable[0] ? { text: usable[0].text, index: usable[0].index } : null
}
