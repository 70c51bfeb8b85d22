import nlp from 'compromise'
import { capitalize, squash, wordCount } from '#ai/offline/text'

/*
 * Which of a document's sentences can stand alone on a card, and what to take off them
 * first: pointers to figures, words that only speak to the reader ("Recall that …"),
 * asides in brackets ("(you will learn more about this later)") and a fronted phrase
 * that points back ("In this weakened state, …"), whose clause stands on its own.
 */

/* a figure or table pointer: "(Figure 5.2)", "(see Table 3)", "As shown in Figure 5.7, " */
const FIGURE_REFERENCE =
  /\s*\((?:see\s+)?(?:fig\.?|figure|table)\s+[\d.]+[a-z]?\)|^As shown in (?:fig\.?|figure|table)\s+[\d.]+,\s*/gi
const DISCOURSE =
  /^(?:(?:recall|note|remember|notice|keep in mind) that\s+|(?:in fact|indeed|of course|for example|for instance),\s+|(?:this|that) is because\s+)/i
const ASIDE =
  /\s*\((?:see\s[^()]*|[^()]*\b(?:you will|we will|you'll|we'll|this later|later in this|discussed (?:later|below|above)|described (?:later|below|above))\b[^()]*)\)/gi
const BACK_OPENER =
  /^(?:in|on|at|by|under|during|after|before|early|late|later|from|with|since|until|unlike|despite|throughout|within)\s+(?:[\p{L}-]+\s+){0,3}?(?:this|that|these|those|his|her|its|their)\s+[\p{L}-]+(?:\s+[\p{L}-]+){0,2},\s+(?=\p{L})/iu

/** A sentence as a card shows it: pointers, asides and leaning openers taken off. */
export function cleanSentence(sentence: string) {
  let text = squash(sentence.replace(FIGURE_REFERENCE, '').replace(ASIDE, ''))
  for (const opener of [DISCOURSE, BACK_OPENER]) text = text.replace(opener, '')
  return capitalize(squash(text.replace(/\s+([,.;:!?])/g, '$1')))
}

/** Words that open a sentence leaning on the one before: it cannot stand alone on a card. */
const LEANING_OPENERS = new Set([
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
  'another',
  'we',
  'you',
  'i',
  'our',
  'your',
  'my',
  'same',
  'former',
  'latter',
  'above',
  'below',
  'yet',
  'still',
  'nevertheless',
  'likewise',
  'similarly',
  'consequently',
])
const PERSONAL = new Set([
  'it',
  'its',
  'they',
  'them',
  'their',
  'he',
  'him',
  'his',
  'she',
  'her',
  'one',
])
/* "some of these …", "many are …": a quantifier standing for nouns named before */
const QUANTIFIER_PRONOUN =
  /^(?:some|many|most|all|none|each|both|several|few|one)\s+(?:of\s+(?:these|those|them|it|this)|are|is|were|was|have|has|can)\b/i
/*
 * "these" or "this" before a common noun points back ("these molecules"); before a name it does not ("these
 * Amorites")
 */
const DEMONSTRATIVE =
  /\b(?:this|these|those)\s+(?!\p{Lu})|\b(?:in|at|on|by|of|for|from|to|during|after|before|since|with)\s+that\s+\p{Ll}|\bthe\s+(?:former|latter|above|following)\b/u

const balanced = (text: string) =>
  text.split('(').length === text.split(')').length &&
  text.split('[').length === text.split(']').length &&
  text.split('“').length === text.split('”').length &&
  (text.split('"').length - 1) % 2 === 0

/** Whether a sentence reads whole on its own: no fragment, no pointer, nothing it leans on. */
export function isUsable(sentence: string) {
  return (
    /^[\p{Lu}\d]/u.test(sentence) &&
    balanced(sentence) &&
    !/[|•]/.test(sentence) &&
    !/\b(?:see|fig\.|figure|table|chapter)\s+\d/i.test(sentence)
  )
}

/**
 * A personal pronoun before any noun ("It is …", "Its colour …", "By 1755 BCE, he …"), or
 * opening the main clause after a fronted phrase ("Like all connective tissues, it is …"),
 * refers to a sentence before.
 */
function leansOnPronoun(sentence: string, doc: ReturnType<typeof nlp>) {
  /* "When Sargon of Akkad built …, he …": a clause with a subject of its own names whom the pronoun means */
  const subordinate =
    /^(?:when|after|before|because|although|though|while|once|if|since|as|until|whereas)\s/i.test(
      sentence
    )
  if (!subordinate && /^[^,]{3,80},\s+(?:it|they|he|she)\s/i.test(sentence)) return true
  const terms = doc.terms().json() as {
    terms: { text: string; normal: string; tags: string[] }[]
  }[]
  for (const [index, term] of terms.entries()) {
    const { text, normal, tags } = term.terms[0]
    if (PERSONAL.has(normal) && (tags.includes('Pronoun') || tags.includes('Possessive')))
      return true
    /* a capital inside the sentence is a name, and so is an opening word followed by its verb ("English has … its") */
    const opensWithSubject =
      index === 0 &&
      ['Noun', 'Adjective'].some((tag) => tags.includes(tag)) &&
      terms[1]?.terms[0].tags.includes('Verb')
    const name =
      tags.includes('ProperNoun') ||
      opensWithSubject ||
      (index > 0 && /^\p{Lu}/u.test(text) && normal !== 'i')
    if (
      name ||
      (tags.includes('Noun') &&
        !['Pronoun', 'Possessive', 'Value', 'Acronym'].some((tag) => tags.includes(tag)))
    )
      return false
  }
  return false
}

/** A paragraph's sentences; a sentence ending inside quotes ("… of the gods.” In 1894 …") ends there too. */
export function splitSentences(paragraph: string) {
  return (nlp(paragraph).sentences().out('array') as string[]).flatMap((sentence) =>
    sentence.split(/(?<=[.!?][”"’])\s+(?=[\p{Lu}\d])/u)
  )
}

export function isStandalone(sentence: string) {
  const words = wordCount(sentence)
  if (words < 6 || words > 35 || !/[.!][”"’]?$/.test(sentence) || !isUsable(sentence)) return false
  const first = sentence
    .split(/\s+/)[0]
    .toLowerCase()
    .replace(/[^a-z]/g, '')
  if (
    LEANING_OPENERS.has(first) ||
    QUANTIFIER_PRONOUN.test(sentence) ||
    DEMONSTRATIVE.test(sentence)
  )
    return false
  const doc = nlp(sentence)
  return !leansOnPronoun(sentence, doc) && doc.has('#Verb')
}
