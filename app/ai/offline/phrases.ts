import nlp from 'compromise'
import { wordCount } from '#ai/offline/text'

/* What the offline generator knows about phrases: which can be a card's term, how to find and word one. */

/** Words that open a sentence that depends on the one before: it cannot stand alone on a card. */
export const DEPENDENT_OPENERS = new Set([
  'it',
  'its',
  'this',
  'that',
  'these',
  'those',
  'they',
  'them',
  'their',
  'he',
  'she',
  'his',
  'her',
  'there',
  'here',
  'such',
  'which',
  'what',
  'who',
  'so',
  'thus',
  'then',
  'also',
  'but',
  'and',
  'or',
  'however',
  'therefore',
  'hence',
  'moreover',
  'furthermore',
  'besides',
  'instead',
  'otherwise',
  'both',
  'another',
  'each',
  'one',
  'some',
  'many',
  'most',
  'all',
  'none',
  'we',
  'you',
  'i',
  'our',
  'your',
  'my',
  'in',
  'for',
  'as',
  'if',
  'when',
  'while',
  'although',
  'though',
  'because',
  'since',
  'after',
  'before',
  'on',
  'at',
  'by',
  'with',
  'from',
  'to',
  'of',
  'same',
  'former',
  'latter',
  'above',
  'below',
])

/** Nouns too general to be a key term on their own. */
export const GENERIC_NOUNS = new Set([
  'thing',
  'things',
  'way',
  'ways',
  'example',
  'examples',
  'part',
  'parts',
  'type',
  'types',
  'kind',
  'kinds',
  'number',
  'numbers',
  'use',
  'uses',
  'time',
  'times',
  'form',
  'forms',
  'lot',
  'other',
  'others',
  'case',
  'cases',
  'fact',
  'result',
  'results',
  'amount',
  'place',
  'order',
  'side',
  'end',
  'term',
  'terms',
  'word',
  'words',
  'chapter',
  'section',
  'figure',
  'table',
  'page',
  'fig',
  'process',
  'processes',
  'called',
  'what',
  'something',
  'anything',
  'everything',
  'one',
  'group',
  'groups',
  'class',
  'classes',
  'category',
  'categories',
  'instance',
  'means',
  'variety',
  'series',
  'set',
  'sort',
  'sorts',
  'point',
  'year',
  'years',
])

const COUNTED =
  /^(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|other|several|many|some|various|different|certain|both|all)\s/i

/* the same phrases are asked about again and again while a document is read */
const termPhrases = new Map<string, boolean>()

/** Whether a phrase is a noun phrase that can be the subject of a card (no pronoun, no verb, not too long). */
export function isTermPhrase(phrase: string) {
  let known = termPhrases.get(phrase)
  if (known === undefined) {
    if (termPhrases.size > 5000) termPhrases.clear()
    termPhrases.set(phrase, (known = readsAsTerm(phrase)))
  }
  return known
}

function readsAsTerm(phrase: string) {
  if (wordCount(phrase) > 6 || phrase.length < 2) return false
  if (/[,;:()"“”]/.test(phrase)) return false
  const first = phrase.split(/\s+/)[0].toLowerCase()
  if (DEPENDENT_OPENERS.has(first) || /\b(this|these|those)\b/i.test(phrase)) return false
  if (/(?<![\p{L}\p{N}])([\p{L}\p{N}][\p{L}\p{N}-]*)\s+\1(?![\p{L}\p{N}])/iu.test(phrase))
    return false
  /* "two broad categories", "other pigment types": a counted general noun names nothing without "of …" */
  if (GENERIC_NOUNS.has(phrase.split(/\s+/).at(-1)!.toLowerCase()) && COUNTED.test(phrase))
    return false
  /* one word is tagged after "the", as it stands in a sentence: "Matter" alone reads as a verb */
  const bare = withoutArticle(phrase)
  const doc = nlp(wordCount(bare) === 1 ? `the ${bare}` : phrase)
  if (doc.has('^#Preposition') || doc.has('#Pronoun') || hasVerb(doc.terms().json())) return false
  return doc.nouns().length > 0 || nlp(`the ${bare}`).nouns().length > 0
}

const PREPOSITIONS =
  /^(?:above|below|in|on|at|by|with|from|into|to|under|over|near|between|within|across|through|along|around|behind|beside|beyond|inside|outside)$/

type Tagged = { terms: { normal: string; tags: string[] }[] }[]

/**
 * A verb that makes the phrase a clause: inside it ("deer obtains energy"), opening it
 * ("carry out photosynthesis"), or closing it in the third person ("photosynthesis requires").
 * A noun the tagger reads as a verb at the end of a compound ("Calvin cycle") or a participle
 * before a noun ("formed elements") leaves it a noun phrase.
 */
function hasVerb(terms: Tagged) {
  return terms.some(({ terms: [{ tags }] }, index) => {
    if (!tags.includes('Verb') || tags.includes('Gerund')) return false
    if (index === terms.length - 1) return index === 0 || !tags.includes('Infinitive')
    const next = terms[index + 1].terms[0]
    const modifies =
      ['Noun', 'Adjective'].some((tag) => next.tags.includes(tag)) &&
      !PREPOSITIONS.test(next.normal)
    return index > 0 || !tags.includes('PastTense') || !modifies
  })
}

export const withoutArticle = (term: string) => term.replace(/^(the|a|an)\s+/i, '')

/** Lower-cases an opening article/determiner, not a proper noun ("The planets" → "the planets", "Mars" stays). */
export function lowerFirst(phrase: string) {
  return phrase.replace(/^\p{Lu}\p{Ll}*\b/u, (word) => {
    if (/^(The|A|An|These|Those|Its|All|Some|Most|Many)$/.test(word)) return word.toLowerCase()
    /* a capital that only opens the sentence: a common noun ("Heterotrophs"), not a name ("Mars") */
    return nlp(word.toLowerCase()).has('(#ProperNoun|#Person|#Place|#Organization)')
      ? word
      : word.toLowerCase()
  })
}

/** The first whole-word occurrence of a term in a sentence (case-insensitive), or -1. */
export function findTerm(sentence: string, term: string) {
  /* a space in the term also matches a hyphen ("light dependent" finds "light-dependent") */
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[\s-]+/g, '[\\s-]+')
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}-])${escaped}(?![\\p{L}\\p{N}-])`, 'iu')
  const match = pattern.exec(sentence)
  return match ? { index: match.index, text: match[0] } : null
}
