import { BaseTransformer } from '@adonisjs/core/transformers'
import type { I18n } from '@adonisjs/i18n'
import { progressOf } from '#scheduling/progress_row'
import type { StudyContext } from '#queries/learning/study_context'
import type { SessionCard } from '#queries/learning/session_cards'
import { cardLabel, renderCard } from '#note_types/cards'
import { clozeAnswers } from '#note_types/cloze'
import { htmlToPlainText } from '#note_types/plain_text'
import { templateFieldReferences } from '#note_types/template'
import type { NoteTypeDefinition, NoteFields } from '#note_types/types'
import { answersOf, outcomesFor } from '#scheduling/scheduler'
import { repeatInterval } from '#scheduling/repeat_text'

/** How far an answer sends a card, in the learner's language ("<1m", "15m", "4d"). */
function repeatText(i18n: I18n, seconds: number) {
  const { unit, value } = repeatInterval(seconds)
  return i18n.t(`ui.learn.units.${unit}`, { value })
}

/*
 * A type-in card asks for a field's text; the comparison happens on the
 * client, outside the card's sandboxed frame, against what this gives.
 */
function typeInOf(definition: NoteTypeDefinition, fields: NoteFields, ord: number) {
  const template = definition.isCloze ? definition.templates[0] : definition.templates[ord]
  if (!template) return null
  const reference = templateFieldReferences(template.front).find((ref) => ref.filters[0] === 'type')
  if (!reference) return null
  const value = fields[reference.name] ?? ''
  const expected = reference.filters.includes('cloze')
    ? clozeAnswers(value, ord + 1).join(', ')
    : htmlToPlainText(value)
  return { field: reference.name, expected }
}

/** Every button of the deck's mode with where it sends the card; the speed buttons carry no interval text. */
function answerButtons(
  context: StudyContext,
  i18n: I18n,
  cardId: number,
  progress: ReturnType<typeof progressOf>
) {
  const { algorithm, fsrsParameters, now } = context
  const outcomes = outcomesFor({ cardId, progress, algorithm, fsrsParameters, now })
  return answersOf(algorithm).map((type) => ({
    type,
    repeatText:
      algorithm.type === 'speedLearning' ? null : repeatText(i18n, outcomes[type]!.delaySeconds),
    delaySeconds: outcomes[type]!.delaySeconds,
  }))
}

/**
 * A card as the study page shows it: its ids, label, sides rendered for the
 * session's deck and type-in answer. The offline download sends the same
 * (offline_deck_transformer.ts).
 */
export function renderedCard(context: Pick<StudyContext, 'deck'>, card: SessionCard['card']) {
  const note = card.note
  const definition = note.noteType.definition
  const sides = renderCard(definition, note.fields, card.ord, {
    attachments: note.fieldAttachmentsMap,
    deckName: context.deck.name,
    tags: note.tags,
  })
  return {
    id: card.id,
    noteId: note.id,
    deckId: card.deckId,
    ord: card.ord,
    label: cardLabel(definition, card.ord),
    front: sides.front,
    back: sides.back,
    css: sides.css,
    typeIn: typeInOf(definition, note.fields, card.ord),
  }
}

/**
 * A card of a session as the learning screen shows it (the spec's learning
 * card): both sides rendered and sanitized, the learner's state and the
 * version an answer must name, and each answer button with its repeat text.
 * The session's replies build it inline (`new ...().toObject()`): a batch's
 * cards are one item's rows, not a collection, so a card costs no container call.
 */
export default class LearningCardTransformer extends BaseTransformer<SessionCard> {
  constructor(
    sessionCard: SessionCard,
    protected context: StudyContext,
    protected i18n: I18n
  ) {
    super(sessionCard)
  }

  toObject() {
    const { card, version, flag } = this.resource
    const context = this.context
    const row = card.progress[0]
    const progress = progressOf(row)
    const deck = context.deck
    return {
      ...renderedCard(context, card),
      /* the deck's text-to-speech: the web speaks with the browser's voices in these languages
         (docs/media-helpers.md) */
      tts: deck.ttsEnabled
        ? {
            autoplay: deck.ttsAutoplayEnabled,
            frontLanguage: deck.ttsFrontSideLanguage,
            backLanguage: deck.ttsBackSideLanguage,
          }
        : null,
      state: progress.state,
      isFrozen: row?.frozen ?? false,
      /* the learner's flag: 1-7 (Anki's red, orange, green, blue, pink, turquoise, purple), 0 for none */
      flag,
      /* an answer names this version; a card changed since it was shown is refused */
      version,
      reps: progress.reps,
      lapses: progress.lapses,
      dueAt: progress.dueAt?.toISOString() ?? null,
      answerButtons: answerButtons(context, this.i18n, card.id, progress),
    }
  }
}

/** The cards of a session as its replies list them (plain rows, see the class). */
export function learningCards(context: StudyContext, i18n: I18n, cards: SessionCard[]) {
  return cards.map((card) => new LearningCardTransformer(card, context, i18n).toObject())
}
