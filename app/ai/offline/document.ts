import nlp from 'compromise'
import { stripFinal, wordCount } from '#ai/offline/text'
import {
  DEPENDENT_OPENERS,
  findTerm,
  isTermPhrase,
  lowerFirst,
  withoutArticle,
} from '#ai/offline/phrases'
import { bracketedEntries, enumerationOf, type Enumeration } from '#ai/offline/enumerations'
import { readBlocks, type Table } from '#ai/offline/blocks'
import { cleanSentence, isStandalone, isUsable, splitSentences } from '#ai/offline/sentences'
import { keyTerms, keyTermOf } from '#ai/offline/key_terms'

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
  | {
      type: 'definition'
      term: string
      definition: string
      verb: string
      sentence: string
      follow?: string
      tail?: number
    }
  | { type: 'glossary'; term: string; definition: string }
  | Enumeration
  | { type: 'key'; sentence: string; term: string }
  | { type: 'table'; caption: string; label: string; entries: { name: string; value: string }[] }

const DEFINITION =
  /^(.{2,80}?)\s+(is defined as|are defined as|refers to|refer to|is known as|are known as|is called|are called|means|is|are)\s+(.+)$/i
const REVERSE_DEFINITION =
  /^(.{12,}?)\s+(is|are)\s+(?:also\s+)?(?:commonly\s+|often\s+|usually\s+|sometimes\s+)?(?:called|known as|termed|named|referred to as)\s+(?:(an?|the)\s+)?([^,;]{2,60})$/i

/** Whether a predicate reads as a definition ("a process …", "the study of …"), not a judgement ("important"). */
function isDefinitionPredicate(predicate: string) {
  if (wordCount(predicate) < 3) return false
  /* "the best-known autotrophs" ranks, it does not define; "the smallest unit of life that …" does */
  const head = predicate.split(/[,;(]/)[0]
  if (
    /^the\s+(?:most|least|best|worst|only|first|second|third|last|[\p{L}-]+est)\b/iu.test(
      predicate
    ) &&
    !/\s(?:of|that|which|who|in which)\s/i.test(head)
  )
    return false
  const doc = nlp(predicate)
  if (doc.has('^(a|an|the|any|one)')) return true
  /*
   * a bare noun phrase defines only when qualified before any comma ("organisms incapable of …", not
   * "heterotrophs, as are …")
   */
  return wordCount(head) >= 4 && (doc.has('^#Noun') || doc.has('^#Adjective+ #Noun'))
}

/** "X, a type of Y …" / "X, a pigment (…) through which …": a term and the appositive that defines it. */
const APPOSITIVE =
  /(?:^|\s)([\p{L}][\p{L}-]*(?:\s[\p{L}][\p{L}-]*)?),\s+((?:a|an)\s+(?:(?:type|kind|form|class|group|sort|family)\s+of\s+[^,;]+|[\p{L}-]+(?:\s\([^)]*\))?\s+(?:that|which|who|through which|in which|where)\s[^;]+))$/u

function appositiveOf(sentence: string): Extract<Fact, { type: 'definition' }> | null {
  const match = APPOSITIVE.exec(stripFinal(sentence))
  if (!match) return null
  const term = match[1].replace(/^(also|are|is|were|was)\s+/i, '')
  /* "… in a specialized centrifuge, a process that …": the appositive is about the whole clause, not the object */
  const before =
    stripFinal(sentence)
      .slice(0, match.index + match[0].indexOf(match[1]))
      .trim()
      .split(/\s+/)
      .at(-1) ?? ''
  if (/^(a|an|the|in|on|at|by|of|with|from|to|into|for|through)$/i.test(before)) return null
  if (!isTermPhrase(term) || wordCount(match[2]) < 4) return null
  return {
    type: 'definition',
    term,
    definition: match[2],
    verb: nlp(term).nouns().isPlural().found ? 'are' : 'is',
    sentence,
  }
}

/**
 * A definition's predicate without a second clause tacked on (", and it is all around us", "and are better
 * known as …").
 */
const trimDefinition = (predicate: string) =>
  predicate
    .split(
      /;|\s+—\s+|,\s+but\s+|,\s+and\s+(?=(?:it|they|this|these|is|are|was|were|has|have|can|may|will)\b)|\s+(?:and|but)\s+(?=(?:is|are|was|were)\b)/
    )[0]
    .trim()

function reverseDefinitionOf(
  sentence: string,
  bare: string
): Extract<Fact, { type: 'definition' }> | null {
  const reverse = REVERSE_DEFINITION.exec(bare)
  if (!reverse) return null
  const [, subject, verb, article, called] = reverse
  const name = called.replace(/\s*\([^)]*\)$/, '').trim()
  /* the subject describes the name: a noun phrase, not a clause ("Humans can see …, which") */
  if (
    !isTermPhrase(name) ||
    wordCount(subject) < 3 ||
    /,|\b(which|that|who|this|these)$/i.test(subject)
  )
    return null
  const described = subject.replace(/^(the|a|an)\s+/i, (opening) => opening.toLowerCase())
  if (
    DEPENDENT_OPENERS.has(described.split(/\s+/)[0].toLowerCase()) &&
    !/^(the|a|an)\s/i.test(described)
  )
    return null
  const term = article && verb.toLowerCase() === 'is' ? `${article.toLowerCase()} ${name}` : name
  return { type: 'definition', term, definition: described, verb: verb.toLowerCase(), sentence }
}

function definitionOf(sentence: string): Extract<Fact, { type: 'definition' }> | null {
  const bare = stripFinal(sentence)
  const reverse = reverseDefinitionOf(sentence, bare)
  if (reverse) return reverse
  const match = DEFINITION.exec(bare)
  if (!match) return appositiveOf(sentence)
  const [, subject, verb, full] = match
  const predicate = trimDefinition(full)
  if (/called|known as/i.test(verb)) {
    /* "a stack of thylakoids is called a granum, and …": the name is the term, the subject its definition */
    const name = predicate.split(/\s*[,;(]\s*|\s+and\s+/)[0]
    if (
      !isTermPhrase(withoutArticle(name)) ||
      wordCount(subject) < 3 ||
      DEPENDENT_OPENERS.has(subject.split(/\s+/)[0].toLowerCase())
    )
      return null
    return {
      type: 'definition',
      term: name,
      definition: lowerFirst(subject),
      verb: /^are/i.test(verb) ? 'are' : 'is',
      sentence,
    }
  }
  const stated = /defined as|refers? to|means/i.test(verb)
    ? wordCount(predicate) >= 2
    : isDefinitionPredicate(predicate)
  if (!isTermPhrase(subject) || !stated) return appositiveOf(sentence)
  if (
    /^(called|known|termed|named)\b/i.test(predicate) ||
    /^(an?|one)\s+examples?\s+of\b/i.test(predicate)
  )
    return null
  /* where the clause cut off the definition starts: a blank may still come from it */
  const tail = predicate !== full.trim() ? bare.length - full.length + predicate.length : undefined
  return {
    type: 'definition',
    term: subject.trim(),
    definition: predicate,
    verb: verb.toLowerCase(),
    sentence,
    tail,
  }
}

/** A table as cards along its longer side: each column (or row) with the values the other side gives it. */
function tableFacts({ caption, columns, rows }: Table): Fact[] {
  const byColumn = columns.length >= rows.length
  const lines = byColumn
    ? columns.map((column, index) => ({
        label: column,
        values: rows.map((row) => [row.label, row.cells[index]]),
      }))
    : rows.map((row) => ({
        label: row.label,
        values: row.cells.map((cell, index) => [columns[index], cell]),
      }))
  return lines.map(({ label, values }) => ({
    type: 'table' as const,
    caption,
    label,
    entries: values.filter(([, value]) => value).map(([name, value]) => ({ name, value })),
  }))
}

/** Everything the document teaches, in its order; key sentences after the rest (they fill up to the count). */
export function documentFacts(text: string): Fact[] {
  const { prose, glossary, tables } = readBlocks(text)
  const facts: Fact[] = glossary.map((entry) => ({ type: 'glossary', ...entry }))
  const sentences = prose.flatMap(splitSentences).map(cleanSentence).filter(isUsable)
  const terms = keyTerms(sentences)
  const defined = new Set(glossary.map((entry) => entry.term.toLowerCase()))
  const rest: { sentence: string; from?: number }[] = []
  sentences.forEach((sentence, index) => {
    if (wordCount(sentence) > 60) return
    const entries = bracketedEntries(sentence).filter(
      (entry) => !defined.has(entry.term.toLowerCase())
    )
    if (entries.length)
      return facts.push(...entries.map((entry) => ({ type: 'glossary' as const, ...entry })))
    const enumeration = enumerationOf(sentence)
    if (enumeration) return facts.push(enumeration)
    const definition = definitionOf(sentence)
    if (definition && !defined.has(withoutArticle(definition.term).toLowerCase())) {
      const next = sentences[index + 1]
      if (next && /^(it|this|they|these)\s/i.test(next) && wordCount(next) <= 35)
        definition.follow = next
      defined.add(withoutArticle(definition.term).toLowerCase())
      facts.push(definition)
      /* a definition cut short ("… and are better known as antibodies") leaves the rest of its sentence to a blank */
      if (definition.tail && isStandalone(sentence)) rest.push({ sentence, from: definition.tail })
      return
    }
    if (isStandalone(sentence)) rest.push({ sentence })
  })
  facts.push(...tables.flatMap(tableFacts))
  const blanks = new Map<string, number>()
  for (const { sentence, from } of rest) {
    const term = keyTermOf(sentence, text, terms, defined, blanks, from)
    if (!term) continue
    blanks.set(term.text.toLowerCase(), (blanks.get(term.text.toLowerCase()) ?? 0) + 1)
    facts.push({ type: 'key', sentence, term: term.text })
  }
  return facts
}
