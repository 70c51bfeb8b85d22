import nlp from 'compromise'
import { wordCount } from '#ai/offline/text'

/* What the offline generator knows about phrases: which can be a card's term, how to find and word one. */

/** Words that open a sentence that depends on the one before: it cannot stand alone on a card. */
export const DEPENDENT_OPENERS = new Set([
  'it', 'its', 'this', 'that', 'these', 'those', 'they', 'them', 'their', 'he', 'she', 'his', 'her', 'there', 'here',
  'such', 'which', 'what', 'who', 'so', 'thus', 'then', 'also', 'but', 'and', 'or', 'however', 'therefore', 'hence',
  'moreover', 'furthermore', 'besides', 'instead', 'otherwise', 'both', 'another', 'each', 'one', 'some', 'many',
  'most', 'all', 'none', 'we', 'you', 'i', 'our', 'your', 'my', 'in', 'for', 'as', 'if', 'when', 'while', 'although',
  'though', 'because', 'since', 'after', 'before', 'on', 'at', 'by', 'with', 'from', 'to', 'of', 'same', 'former', 'latter', 'above', 'below',
])

/** Nouns too general to be a key term on their own. */
export const GENERIC_NOUNS = new Set([
  'thing', 'things', 'way', 'ways', 'example', 'examples', 'part', 'parts', 'type', 'types', 'kind', 'kinds', 'number',
  'numbers', 'use', 'uses', 'time', 'times', 'form', 'forms', 'lot', 'other', 'others', 'case', 'cases', 'fact', 'result',
  'results', 'amount', 'place', 'order', 'side', 'end', 'term', 'terms', 'word', 'words', 'chapter', 'section', 'figure',
  'table', 'page', 'fig', 'process', 'processes', 'called', 'what', 'something', 'anything', 'everything', 'one',
  'group', 'groups', 'class', 'classes', 'instance', 'means', 'variety', 'series', 'set', 'sort', 'sorts', 'point', 'year', 'years',
])

/** Whether a phrase is a noun phrase that can be the subject of a card (no pronoun, no verb, not too long). */
export function isTermPhrase(phrase: string) {
  if (wordCount(phrase) > 6 || phrase.length < 2) return false
  if (/[,;:()"]/.test(phrase)) return false
  const first = phrase.split(/\s+/)[0].toLowerCase()
  if (DEPENDENT_OPENERS.has(first)) return false
  const doc = nlp(phrase)
  if (doc.has('^#Preposition') || doc.has('#Pronoun') || (doc.has('#Verb') && !doc.has('#Gerund'))) return false
  return doc.nouns().length > 0
}

export const withoutArticle = (term: string) => term.replace(/^(the|a|an)\s+/i, '')

/** Lower-cases an opening article/determiner, not a proper noun ("The planets" → "the planets", "Mars" stays). */
export function lowerFirst(phrase: string) {
  return phrase.replace(/^\p{Lu}\p{Ll}*\b/u, (word) => {
    if (/^(The|A|An|These|Those|Its|All|Some|Most|Many)$/.test(word)) return word.toLowerCase()
    /* a capital that only opens the sentence: a common noun ("Heterotrophs"), not a name ("Mars") */
    return nlp(word.toLowerCase()).has('(#ProperNoun|#Person|#Place|#Organization)') ? word : word.toLowerCase()
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
