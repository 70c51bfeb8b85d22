import ApiException from '#exceptions/api_exception'
import { configuredProvider } from '#ai/providers'
import { jsonObjects } from '#ai/card_stream'
import { needsProvider } from '#ai/errors'
import { sanitizeFieldHtml } from '#note_types/sanitize'
import { isFieldEmpty } from '#note_types/plain_text'

/*
 * AI note templates: an instruction ("translate", "add an example sentence", a
 * user's own) applied to one card's fields by the configured provider, and the
 * improvement of such an instruction. There is no offline way to rewrite a
 * card, so with no provider both answer 422 E_AI_NEEDS_PROVIDER instead of
 * pretending; an empty card is refused before any provider is asked.
 */

export type TemplateFields = Record<string, string | null | undefined>

/** The longest prompt a template may hold (validators and the improvement's answer alike). */
export const MAX_PROMPT_LENGTH = 2000

const emptyCard = () => ApiException.of('E_AI_TEMPLATE_EMPTY_CARD', { apiField: 'fields' })

const unusableAnswer = () => ApiException.of('E_AI_PROVIDER')

const APPLY_SYSTEM = [
  'You rewrite one flashcard following an instruction.',
  'The card is given as a JSON object mapping each field name to its HTML. The first field is the front (the ' +
    'question side), the second the back (the answer side).',
  'Answer with one JSON object with exactly the same field names and the new HTML of each field, and nothing else.',
  'Keep fields the instruction does not concern unchanged. Keep images (<img>), links and cloze deletions ' +
    '({{c1::…}}) as they are unless told otherwise.',
  'Use simple HTML only (<b>, <i>, <u>, <br>, <ul>, <ol>, <li>).',
].join('\n')

const IMPROVE_SYSTEM = [
  'You improve instructions that an AI follows to rewrite a flashcard.',
  'Make the instruction clear, specific and short (at most 3 sentences), keep its intent and its language.',
  'Answer with the improved instruction only: no quotes, no preface, no explanation.',
].join('\n')

/**
 * The card's fields after the template's instruction. Fields that carry image-occlusion
 * masks (`attachments`) are kept as they are; what the provider returns is sanitized.
 * `reverse`: the card is studied back to front, so the back is the side the learner sees first.
 */
export async function applyTemplate(
  prompt: string,
  input: {
    fields: TemplateFields
    attachments?: Record<string, unknown> | null
    reverse?: boolean
  },
  signal?: AbortSignal
): Promise<Record<string, string | null>> {
  const entries = Object.entries(input.fields)
  if (entries.every(([, value]) => !value || isFieldEmpty(value))) throw emptyCard()
  const provider = configuredProvider()
  if (!provider) throw needsProvider('id', 'template')

  const locked = new Set(Object.keys(input.attachments ?? {}))
  const editable = Object.fromEntries(
    entries.filter(([key]) => !locked.has(key)).map(([key, value]) => [key, value ?? ''])
  )
  const user = [
    `Instruction: ${prompt}`,
    input.reverse
      ? 'The card is also studied reversed: the back is shown first and the front is the answer, so both sides ' +
        'must work as a question.'
      : '',
    `Card: ${JSON.stringify(editable)}`,
  ]
    .filter(Boolean)
    .join('\n')
  const answer = await provider.complete({ system: APPLY_SYSTEM, user, maxTokens: 2048 }, signal)
  const rewritten = await firstObject(answer)
  if (!rewritten) throw unusableAnswer()
  const source =
    rewritten.fields && typeof rewritten.fields === 'object'
      ? (rewritten.fields as Record<string, unknown>)
      : rewritten
  const result: Record<string, string | null> = {}
  for (const [key, value] of entries) {
    const next = source[key]
    result[key] =
      !locked.has(key) && typeof next === 'string' ? sanitizeFieldHtml(next) : (value ?? null)
  }
  return result
}

/** A clearer wording of a template's instruction, shaped by the example card when one is given. */
export async function improvePrompt(
  input: { prompt: string; front?: string | null; back?: string | null },
  signal?: AbortSignal
) {
  const provider = configuredProvider()
  if (!provider) throw needsProvider('prompt', 'improve')
  const example = [
    input.front ? `Example card front: ${input.front}` : '',
    input.back ? `Example card back: ${input.back}` : '',
  ]
  const user = [`Instruction to improve: ${input.prompt}`, ...example].filter(Boolean).join('\n')
  const answer = await provider.complete({ system: IMPROVE_SYSTEM, user, maxTokens: 400 }, signal)
  const improved = answer
    .trim()
    .replace(/^(improved instruction|instruction)\s*:\s*/i, '')
    .replace(/^["'“”«»]+|["'“”«»]+$/g, '')
    .trim()
    .slice(0, MAX_PROMPT_LENGTH)
  if (!improved) throw unusableAnswer()
  return improved
}

async function firstObject(text: string): Promise<Record<string, unknown> | null> {
  for await (const object of jsonObjects(
    (async function* () {
      yield text
    })()
  )) {
    if (object && typeof object === 'object' && !Array.isArray(object))
      return object as Record<string, unknown>
  }
  return null
}
