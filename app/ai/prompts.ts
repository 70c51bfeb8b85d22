import type { CardRequest } from '#ai/types'

/*
 * The prompts the providers get. Cards come back as one JSON object per line
 * (JSON Lines), so each can be parsed and stored the moment its line is
 * complete while the model writes the next one.
 */

const DETAIL: Record<CardRequest['detail'], string> = {
  brief: 'Keep each answer very short: a word, a name, a number or a short phrase.',
  standard: 'Keep each answer to one or two sentences.',
  detailed: 'Give complete answers of two to four sentences with the important nuances.',
}

const FORMAT: Record<CardRequest['format'], string> = {
  basic:
    'Every card is a question/answer card: {"kind":"basic","front":"<question>","back":"<answer>"}.',
  reversed:
    'Every card is a term/definition card that also works read backwards (the back alone must identify the ' +
    'front): {"kind":"basic","front":"<term>","back":"<definition>"}.',
  cloze:
    'Every card is a cloze card: {"kind":"cloze","front":"<one sentence with the key term hidden as ' +
    '{{c1::term}}>","back":""}. Use {{c1::…}}, {{c2::…}} for several deletions in one sentence.',
  mixed:
    'Mix question/answer cards {"kind":"basic","front":"<question>","back":"<answer>"} and cloze cards ' +
    '{"kind":"cloze","front":"<sentence with {{c1::term}}>","back":""}.',
}

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  pt: 'Portuguese',
  it: 'Italian',
  nl: 'Dutch',
  pl: 'Polish',
  ru: 'Russian',
  uk: 'Ukrainian',
  ja: 'Japanese',
  zh: 'Chinese',
  ko: 'Korean',
  ar: 'Arabic',
  tr: 'Turkish',
  sv: 'Swedish',
  da: 'Danish',
  no: 'Norwegian',
  fi: 'Finnish',
  cs: 'Czech',
  el: 'Greek',
}

const languageName = (code?: string) =>
  code ? (LANGUAGE_NAMES[code.toLowerCase()] ?? code) : undefined

/** Keeps a pasted document within what one request should carry. */
const MAX_DOCUMENT_CHARS = 60_000

export function cardPrompt(request: CardRequest): { system: string; user: string } {
  const language = languageName(request.language)
  const system = [
    'You write flashcards for spaced-repetition study.',
    'Answer with the cards only, one JSON object per line (JSON Lines), no numbering, no prose, no code fences.',
    FORMAT[request.format],
    DETAIL[request.detail],
    `Write at most ${request.maxCards} cards. Each card tests one fact; never repeat a fact.`,
    'Fronts and backs are plain text (simple HTML such as <b>, <i>, <br> is allowed).',
    language
      ? `Write the cards in ${language}.`
      : 'Write the cards in the language of the material.',
  ].join('\n')

  const parts: string[] = []
  const source = request.source
  if (source.kind === 'document') {
    parts.push(
      `Make cards from this document${source.title ? ` ("${source.title}")` : ''}. Use only facts it states.`
    )
    parts.push('<document>', source.text.slice(0, MAX_DOCUMENT_CHARS), '</document>')
  } else if (source.kind === 'prompt') {
    parts.push(`Make cards about: ${source.prompt}`)
  } else {
    const from = languageName(source.from)
    const to = languageName(source.to)
    parts.push(
      `Make one vocabulary card per ` +
        `word${from ? ` (the words are ${from})` : ''}: the front is the word, the back its ${
          to ? `${to} translation` : 'meaning'
        } with a short example sentence.`
    )
    parts.push(source.words.map((word) => `- ${word}`).join('\n'))
  }
  /* a resumed run: what was saved before stays, the model goes on (a word list is already cut to the words left) */
  if (request.made?.length && source.kind !== 'words') {
    parts.push(
      'These cards exist already; do not make them again:',
      request.made
        .slice(-100)
        .map((front) => `- ${front.slice(0, 200)}`)
        .join('\n')
    )
  }
  if (request.customPrompt?.trim())
    parts.push(`Further instructions from the learner: ${request.customPrompt.trim()}`)
  return { system, user: parts.join('\n') }
}
