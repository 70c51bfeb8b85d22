import nlp from 'compromise'
import { capitalize, squash, stripFinal, wordCount } from '#ai/offline/text'
import { DEPENDENT_OPENERS, GENERIC_NOUNS, findTerm, isTermPhrase, lowerFirst, withoutArticle } from '#ai/offline/phrases'
import { enumerationOf, type Enumeration } from '#ai/offline/enumerations'

export { findTerm, lowerFirst, withoutArticle }

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

export type Fact =
  | { type: 'definition'; term: string; definition: string; verb: string; sentence: string; follow?: string }
  | { type: 'glossary'; term: string; definition: string }
  | Enumeration
  | { type: 'key'; sentence: string; term: string }

const DEFINITION = /^(.{2,80}?)\s+(is defined as|are defined as|refers to|refer to|is known as|are known as|is called|are called|means|is|are)\s+(.+)$/i
const REVERSE_DEFINITION = /^(.{12,}?)\s+(?:is|are)\s+(?:called|known as|termed|named)\s+(?:an?\s+|the\s+)?([^,;]{2,60})$/i
const GLOSSARY_LINE = /^\s*(?:[-*•]\s*)?([^\t:—–]{1,60}?)\s*(?:\t+|\s*[:—–]\s+|\s+-\s+)(.{8,})$/
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

/** Whether a predicate reads as a definition ("a process …", "the study of …"), not a judgement ("important"). */
function isDefinitionPredicate(predicate: string) {
  if (wordCount(predicate) < 3) return false
  const doc = nlp(predicate)
  if (doc.has('^(a|an|the|any|one)')) return true
  /* a bare noun phrase defines only when qualified before any comma ("organisms incapable of …", not "heterotrophs, as are …") */
  const head = predicate.split(/[,;(]/)[0]
  return wordCount(head) >= 4 && (doc.has('^#Noun') || doc.has('^#Adjective+ #Noun'))
}

/** "X, a type of Y …" / "X, a pigment (…) through which …": a term and the appositive that defines it. */
const APPOSITIVE = /(?:^|\s)([\p{L}][\p{L}-]*(?:\s[\p{L}][\p{L}-]*)?),\s+((?:a|an)\s+(?:(?:type|kind|form|class|group|sort|family)\s+of\s+[^,;]+|[\p{L}-]+(?:\s\([^)]*\))?\s+(?:that|which|who|through which|in which|where)\s[^;]+))$/u

function appositiveOf(sentence: string): Extract<Fact, { type: 'definition' }> | null {
  const match = APPOSITIVE.exec(stripFinal(sentence))
  if (!match) return null
  const term = match[1].replace(/^(also|are|is|were|was)\s+/i, '')
  if (!isTermPhrase(term) || wordCount(match[2]) < 4) return null
  return { type: 'definition', term, definition: match[2], verb: nlp(term).nouns().isPlural().found ? 'are' : 'is', sentence }
}

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
  if (!match) return appositiveOf(sentence)
  const [, subject, verb, predicate] = match
  if (/called|known as/i.test(verb)) {
    /* "a stack of thylakoids is called a granum, and …": the name is the term, the subject its definition */
    const name = predicate.split(/\s*[,;(]\s*|\s+and\s+/)[0]
    if (!isTermPhrase(withoutArticle(name)) || wordCount(subject) < 3 || DEPENDENT_OPENERS.has(subject.split(/\s+/)[0].toLowerCase())) return null
    return { type: 'definition', term: name, definition: lowerFirst(subject), verb: /^are/i.test(verb) ? 'are' : 'is', sentence }
  }
  if (!isTermPhrase(subject) || !isDefinitionPredicate(predicate)) return appositiveOf(sentence)
  if (/^(called|known|termed|named)\b/i.test(predicate)) return null
  return { type: 'definition', term: subject.trim(), definition: predicate.trim(), verb: verb.toLowerCase(), sentence }
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
        if (!phrase || wordCount(phrase) > 3 || GENERIC_NOUNS.has(phrase.split(' ')[0])) return
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

/* a figure or table pointer: "(Figure 5.2)", "(see Table 3)", "As shown in Figure 5.7, " */
const FIGURE_REFERENCE = /\s*\((?:see\s+)?(?:fig\.?|figure|table)\s+[\d.]+[a-z]?\)|^As shown in (?:fig\.?|figure|table)\s+[\d.]+,\s*/gi
/* words that point back to an earlier sentence: such a sentence cannot stand alone on a card */
const BACK_REFERENCE = /\b(this|these|those|it|its|they|them|their|he|she|his|her)\b/i

function isStandalone(sentence: string) {
  const words = wordCount(sentence)
  if (words < 6 || words > 35) return false
  if (!/[.!]$/.test(sentence.trim())) return false
  const first = sentence.trim().split(/\s+/)[0].toLowerCase().replace(/[^a-z]/g, '')
  if (DEPENDENT_OPENERS.has(first) || BACK_REFERENCE.test(sentence)) return false
  if (/\b(see|fig\.|figure|table|chapter)\s+\d/i.test(sentence)) return false
  return nlp(sentence).has('#Verb')
}

/* "… openings called stomata", "… is called a granum": the sentence names a term */
const CALLED = /\b(?:called|known as|termed)\s+(?:the\s+|a\s+|an\s+)?([\p{L}][\p{L}-]*(?:\s(?!(?:in|which|that|where|and)\b)[\p{L}][\p{L}-]*)?)(?=\s*(?:[.,;(]|$|\s(?:in|which|that|where|and)\b))/u

/**
 * The term a key sentence hides: one it names ("called X"), else a defined term,
 * else a key term, the least used so far first (each at most twice), so the
 * blanks spread over the document's vocabulary instead of its commonest word.
 */
function keyTermOf(sentence: string, terms: Map<string, number>, defined: Set<string>, blanks: Map<string, number>) {
  const named = CALLED.exec(sentence)?.[1]
  if (named && isTermPhrase(named) && (blanks.get(named.toLowerCase()) ?? 0) < 2) return named
  const candidates = [...terms.keys()]
    .map((term) => ({ term, found: findTerm(sentence, term) }))
    .filter((candidate) => candidate.found && (blanks.get(candidate.term) ?? 0) < 2)
    .map((candidate) => ({
      text: candidate.found!.text,
      rank: [defined.has(candidate.term) ? 0 : 1, candidate.term.includes(' ') ? 0 : 1, blanks.get(candidate.term) ?? 0, -(terms.get(candidate.term) ?? 0)],
    }))
    .sort((a, b) => a.rank.reduce((order, value, index) => order || value - b.rank[index], 0))
  return candidates[0]?.text ?? null
}

/** Everything the document teaches, in its order; key sentences after the rest (they fill up to the count). */
export function documentFacts(text: string): Fact[] {
  const { prose, glossary } = blocks(text)
  const facts: Fact[] = glossary.map((entry) => ({ type: 'glossary', ...entry }))
  const sentences = prose
    .flatMap((paragraph) => nlp(paragraph).sentences().out('array') as string[])
    .map((sentence) => capitalize(squash(sentence.replace(FIGURE_REFERENCE, ''))))
  const terms = keyTerms(sentences)
  const defined = new Set(glossary.map((entry) => entry.term.toLowerCase()))
  const rest: string[] = []
  sentences.forEach((sentence, index) => {
    if (wordCount(sentence) > 60) return
    const enumeration = enumerationOf(sentence)
    if (enumeration) return facts.push(enumeration)
    const definition = definitionOf(sentence)
    if (definition && !defined.has(withoutArticle(definition.term).toLowerCase())) {
      const next = sentences[index + 1]
      if (next && /^(it|this|they|these)\s/i.test(next) && wordCount(next) <= 35) definition.follow = next
      defined.add(withoutArticle(definition.term).toLowerCase())
      return facts.push(definition)
    }
    if (isStandalone(sentence)) rest.push(sentence)
  })
  const blanks = new Map<string, number>()
  for (const sentence of rest) {
    const term = keyTermOf(sentence, terms, defined, blanks)
    if (!term) continue
    blanks.set(term.toLowerCase(), (blanks.get(term.toLowerCase()) ?? 0) + 1)
    facts.push({ type: 'key', sentence, term })
  }
  return facts
}
