import type { GeneratedCard } from '#ai/cards'

/*
 * What a reader checks on a generated card, written down so a test can apply it to every
 * card of every text (tests/unit/ai/offline_quality.spec.ts). Each check names what reads
 * wrong; none knows how the generator works.
 */

export type Source = { text: string; headings: string[] }

const BLANK = '_____'
const CLOZE = /\{\{c(\d+)::(.*?)(?:::[^}]*)?\}\}/g
/* the words the generator may add to a document's own words: question forms */
const TEMPLATE_WORDS = new Set(
  (
    'what which who is are was were do does did mean refer to include consist of comprise require need name ' +
    'them they the a an and called'
  ).split(' ')
)
const LABEL =
  /^(key terms?|glossary|summary|section summary|learning objectives|review questions|exercises)\b/i
const POINTER = /\b(fig\.?|figure|table|chapter|page)\s+\d/i
const DANGLING_END = /\b(the|an|of|to|and|or|that|which|with|for|in|by|as|from|is|are)$/i

const decode = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()

/** A cloze's text as read once every deletion is shown. */
export const revealed = (text: string) => text.replace(CLOZE, (_, _index, hidden) => hidden)

export const normal = (text: string) =>
  decode(text)
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[—–]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const hasWord = (text: string, word: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, 'iu').test(text)
const words = (text: string) => text.split(/\s+/).filter(Boolean).length
const stripEnd = (text: string) => text.replace(/[\s.;:!?,]+$/, '')

const mended = (text: string) => text.replace(/(\p{L})-\n\s*(\p{L})/gu, '$1$2')

/** The document's words, hyphenated line breaks mended, as a reader would have read them. */
export function sourceWords(text: string) {
  return new Set(
    mended(text)
      .toLowerCase()
      .match(/\p{L}+/gu) ?? []
  )
}

/** A bare term as a prompt ("chlorophyll"): a short phrase, no sentence, no blank. */
const isTermPrompt = (front: string) =>
  words(front) <= 6 && !/[.:;!?]$/.test(front) && !front.includes(BLANK) && !front.includes(':')

/** The term a card asks about, if it asks for one ("What is a granum?" → "granum"). */
function askedTerm(card: GeneratedCard) {
  if (card.kind !== 'basic') return null
  const front = decode(card.front)
  const question = /^What (?:is|are|does|do) (.+?)(?: mean| refer to)?\?$/i.exec(front)
  const term = question ? question[1] : isTermPrompt(front) ? front : null
  return term ? normal(term).replace(/^(the|a|an)\s+/, '') : null
}

function shapeFailures(card: GeneratedCard) {
  if (card.kind === 'cloze') {
    const deletions = [...card.front.matchAll(CLOZE)]
    if (!deletions.length || deletions.some((match) => !match[2].trim()))
      return ['cloze without a proper deletion']
    if (card.front.includes(BLANK)) return ['cloze with a blank']
    return []
  }
  const front = decode(card.front)
  if (!decode(card.back)) return ['empty answer']
  const blanks = front.split(BLANK).length - 1
  if (blanks > 1) return ['more than one blank']
  if (!front.endsWith('?') && blanks === 0 && !isTermPrompt(front))
    return ['front is neither a question, a blank nor a term']
  return []
}

function sideFailures(side: string, source: Source, known: Set<string>) {
  const failures: string[] = []
  const text = normal(mended(source.text))
  for (const [aside] of side.matchAll(/\([^()]*\)/g))
    if (!text.includes(normal(aside))) failures.push(`"${aside}" is not the text's`)
  const repeat =
    /(?<![\p{L}\p{N}])([\p{L}\p{N}][\p{L}\p{N}'-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'-]*){0,3})\s+\1(?![\p{L}\p{N}])/iu.exec(
      side
    )
  if (repeat) failures.push(`repeats "${repeat[1]}" back to back`)
  for (const heading of source.headings) {
    if (side.includes(`${heading} `) && new RegExp(`${escape(heading)} \\p{Lu}`, 'u').test(side))
      failures.push(`heading "${heading}" glued to the text`)
  }
  if (LABEL.test(side) || POINTER.test(side)) failures.push('a label or a figure/chapter pointer')
  const opens = (open: string, close: string) => side.split(open).length - side.split(close).length
  if (opens('(', ')') || opens('[', ']') || opens('“', '”') || (side.split('"').length - 1) % 2)
    failures.push('unbalanced brackets or quotes')
  if (/\p{L}-\s/u.test(side)) failures.push('a word cut at a line break')
  const unknown = (side.toLowerCase().match(/\p{L}+/gu) ?? []).filter(
    (word) => !known.has(word) && !TEMPLATE_WORDS.has(word)
  )
  if (unknown.length) failures.push(`words not in the text: ${unknown.join(', ')}`)
  if (!side.endsWith('?') && DANGLING_END.test(stripEnd(side.replace(BLANK, 'x'))))
    failures.push('ends on a dangling word')
  return failures
}

function answerFailures(card: GeneratedCard, source: Source) {
  if (card.kind === 'cloze') {
    return [...card.front.matchAll(CLOZE)].flatMap((match) => {
      /* a card hides every deletion of its number at once */
      const blanked = decode(
        revealed(
          card.front
            .replace(match[0], BLANK)
            .replace(new RegExp(`\\{\\{c${match[1]}::.*?\\}\\}`, 'g'), BLANK)
        )
      )
      if (words(match[2]) <= 5 && hasWord(blanked.replace(BLANK, ' '), decode(match[2])))
        return [`the hidden "${match[2]}" is shown elsewhere in the card`]
      return splitsUnit(blanked, decode(match[2]), source.text)
        ? [`the deletion "${match[2]}" splits a phrase the text uses whole`]
        : []
    })
  }
  const front = decode(card.front)
  const back = stripEnd(decode(card.back))
  if (/,\s+(is|are|was|were|has|have|had)\s/i.test(back))
    return ['the answer lists a clause as an item']
  if (!front.endsWith('?') && !front.includes(BLANK)) return []
  if (
    words(back) <= 5
      ? hasWord(front.replace(BLANK, ' '), back)
      : normal(front).includes(normal(back))
  )
    return [`the answer "${back}" is in the question`]
  if (front.includes(BLANK) && words(back) > 6) return ['the blank hides a whole clause']
  if (front.includes(BLANK) && splitsUnit(front, back, source.text))
    return [`the blank splits a phrase the text uses whole`]
  return []
}

/**
 * "The electromagnetic _____" (spectrum), "8 _____" (percent): the blank hides the head of a phrase the text
 * keeps whole.
 */
function splitsUnit(front: string, back: string, text: string) {
  const [before] = front.split(BLANK)
  const previous = /([\p{L}\p{N}][\p{L}\p{N}.,-]*)\s*$/u.exec(before)?.[1]?.replace(/[.,]$/, '')
  if (previous && /^\d/.test(previous) && !/^\d/.test(back)) return true
  const count = (phrase: string) =>
    (
      normal(mended(text)).match(
        new RegExp(`(?<![\\p{L}\\p{N}])${escape(normal(phrase))}(?![\\p{L}\\p{N}])`, 'gu')
      ) ?? []
    ).length
  const stop =
    /^(the|a|an|of|in|into|on|to|and|or|by|for|with|from|as|at|like|about|around|approximately|nearly|between|than|is|are|was|were|its|their)$/i
  return Boolean(previous && !stop.test(previous) && count(`${previous} ${back}`) >= 2)
}

function blankFailures(card: GeneratedCard, source: Source) {
  const front = card.kind === 'cloze' ? card.front : decode(card.front)
  const first =
    card.kind === 'cloze'
      ? /\{\{c\d+::.*?\}\}/.exec(front)
      : front.includes(BLANK)
        ? { index: front.indexOf(BLANK), 0: BLANK }
        : null
  if (!first || first.index === 0) return []
  const before = decode(revealed(front.slice(0, first.index))).trim()
  const after = revealed(front.slice(first.index + first[0].length))
  if (LABEL.test(before) || source.headings.some((heading) => normal(heading) === normal(before)))
    return ['a blank right after a heading or label']
  if (/^\s*:/.test(after) && words(before) <= 3)
    return ['a term: definition line with text before the blank']
  return []
}

function lengthFailures(card: GeneratedCard) {
  const front = decode(card.kind === 'cloze' ? revealed(card.front) : card.front)
  if (front.length < 2) return ['front too short']
  if (front.length > (card.kind === 'cloze' ? 400 : 300)) return ['front too long']
  if (decode(card.back).length > 300) return ['back too long']
  return []
}

/** Every way a card reads wrong, as short reasons; none for a good card. */
export function cardFailures(
  card: GeneratedCard,
  source: Source,
  known = sourceWords(source.text)
) {
  const sides = card.kind === 'cloze' ? [revealed(card.front), card.back] : [card.front, card.back]
  return [
    ...shapeFailures(card),
    ...sides
      .map(decode)
      .filter(Boolean)
      .flatMap((side) => sideFailures(side, source, known)),
    ...answerFailures(card, source),
    ...blankFailures(card, source),
    ...lengthFailures(card),
  ]
}

/** Cards that repeat another: the same front, or the same term asked twice. */
export function duplicates(cards: GeneratedCard[]) {
  const fronts = new Set<string>()
  const terms = new Set<string>()
  const repeated: GeneratedCard[] = []
  for (const card of cards) {
    const front = normal(card.kind === 'cloze' ? revealed(card.front) : card.front)
    const term = askedTerm(card)
    if (fronts.has(front) || (term && terms.has(term))) repeated.push(card)
    fronts.add(front)
    if (term) terms.add(term)
  }
  return repeated
}

/** A card's text as read once answered: deletions shown, a blank filled with the back. */
function answered(card: GeneratedCard) {
  if (card.kind === 'cloze') return decode(`${revealed(card.front)} ${card.back}`)
  const front = decode(card.front)
  return front.includes(BLANK)
    ? front.replace(BLANK, decode(card.back))
    : `${front} ${decode(card.back)}`
}

/** Whether some card holds all of a fact's cues. */
export function covers(cards: GeneratedCard[], cues: string[]) {
  return cards.some((card) => {
    const text = normal(answered(card))
    return cues.every((cue) => text.includes(normal(cue)))
  })
}
