import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import { fixture } from '#tests/support/fixtures'
import type { CardFormat, DetailLevel, GeneratedCard } from '#ai/cards'
import { offlineCards } from '#ai/offline/generator'
import {
  cardFailures,
  covers,
  duplicates,
  normal,
  revealed,
  sourceWords,
  type Source,
} from '#tests/support/card_quality'

/*
 * The offline generator held to what a reader checks, on real textbook pages
 * (tests/fixtures/ai_texts/README.md says where each comes from). Beside each text, a
 * .facts.json written by hand: the page's headings and label lines, and the facts a good
 * card set covers, each with the words (cues) a card about it must hold. Every card of
 * every format (and of briefer and more detailed question cards) must read right
 * (tests/support/card_quality.ts); basic cards must cover at
 * least 70% of the facts; a request gets at least as many cards as the page has facts, up
 * to its maxCards. A table of the figures is printed when the group ends.
 */

const TEXTS = [
  'biology_light_reactions',
  'history_babylon',
  'chemistry_matter',
  'geography_africa',
  'grammar_accusative',
  'medical_blood',
  'pdf_blood_plasma',
]
/* every format at the standard detail, and the question cards briefer and more detailed */
const REQUESTS: [CardFormat, DetailLevel][] = [
  ['basic', 'standard'],
  ['reversed', 'standard'],
  ['cloze', 'standard'],
  ['mixed', 'standard'],
  ['basic', 'brief'],
  ['basic', 'detailed'],
]
const MAX_CARDS = 40
const COVERAGE = 0.7

type Facts = { headings: string[]; facts: { fact: string; cues: string[] }[] }

async function load(name: string) {
  const text = await readFile(fixture('ai_texts', `${name}.txt`), 'utf8')
  const facts: Facts = JSON.parse(await readFile(fixture('ai_texts', `${name}.facts.json`), 'utf8'))
  return { text, ...facts }
}

const generate = (
  text: string,
  format: CardFormat,
  detail: DetailLevel = 'standard',
  maxCards = MAX_CARDS
) => [...offlineCards({ source: { kind: 'document', text }, format, detail, maxCards })]

const shown = (card: GeneratedCard) =>
  card.kind === 'cloze' ? revealed(card.front) : `${card.front} → ${card.back}`

function failuresOf(cards: GeneratedCard[], source: Source) {
  const known = sourceWords(source.text)
  const failures = cards.flatMap((card) =>
    cardFailures(card, source, known).map((reason) => `${reason}: ${shown(card)}`)
  )
  return [...failures, ...duplicates(cards).map((card) => `duplicate: ${shown(card)}`)]
}

const rows: string[][] = []

test.group('Offline generator: quality on real texts', (group) => {
  group.teardown(() => {
    const header = ['text', 'format', 'cards', 'facts covered', 'failing cards']
    const widths = header.map((title, column) =>
      Math.max(title.length, ...rows.map((row) => row[column].length))
    )
    const line = (row: string[]) =>
      row.map((cell, column) => cell.padEnd(widths[column])).join(' | ')
    console.log(
      [
        '',
        line(header),
        widths.map((width) => '-'.repeat(width)).join('-|-'),
        ...rows.map(line),
        '',
      ].join('\n')
    )
  })

  test('{name}: every card reads right, and basic cards cover the facts')
    .with(TEXTS.map((name) => ({ name })))
    .run(async ({ assert }, { name }) => {
      const { text, headings, facts } = await load(name)
      const mended = normal(text.replace(/(\p{L})-\n\s*(\p{L})/gu, '$1$2'))
      for (const { cues } of facts)
        for (const cue of cues)
          assert.include(mended, normal(cue), `the cue "${cue}" is in ${name}`)

      const failures: string[] = []
      for (const [format, detail] of REQUESTS) {
        const request = detail === 'standard' ? format : `${format}, ${detail}`
        const cards = generate(text, format, detail)
        const failing = failuresOf(cards, { text, headings })
        const covered =
          request === 'basic' ? facts.filter((fact) => covers(cards, fact.cues)).length : null
        rows.push([
          name,
          request,
          String(cards.length),
          covered === null ? '' : `${covered}/${facts.length}`,
          String(failing.length),
        ])
        failures.push(...failing.map((failure) => `${request}: ${failure}`))

        const wanted = Math.min(facts.length, MAX_CARDS)
        if (format !== 'reversed' && cards.length < wanted)
          failures.push(`${request}: ${cards.length} cards for ${wanted} facts`)
        if (covered !== null && covered / facts.length < COVERAGE) {
          const missed = facts.filter((fact) => !covers(cards, fact.cues)).map((fact) => fact.fact)
          failures.push(
            `${request}: ${covered} of ${facts.length} facts covered; no card for: ${missed.join('; ')}`
          )
        }
      }
      assert.deepEqual(failures, [])
      assert.lengthOf(generate(text, 'basic', 'standard', 5), 5)
    })
})
