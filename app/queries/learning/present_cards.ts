import type { I18n } from '@adonisjs/i18n'
import db from '@adonisjs/lucid/services/db'
import Card from '#models/card'
import { progressOf } from '#models/card_progress'
import type { StudyContext } from '#queries/learning/study_context'
import { cardLabel, renderCard } from '#note_types/cards'
import { clozeAnswers } from '#note_types/cloze'
import { htmlToPlainText } from '#note_types/plain_text'
import { templateFieldReferences } from '#note_types/template'
import { answersOf, outcomesFor } from '#scheduling/scheduler'
import { repeatInterval } from '#scheduling/repeat_text'
import type { NoteTypeDefinition, NoteFields } from '#note_types/types'

/** How far an answer sends a card, in the learner's language ("<1m", "15m", "4d"). */
export function repeatText(i18n: I18n, seconds: number) {
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
  const expected = reference.filters.includes('cloze') ? clozeAnswers(value, ord + 1).join(', ') : htmlToPlainText(value)
  return { field: reference.name, expected }
}

/*
 * A card without progress whose earlier progress was reset keeps counting
 * versions after its last answered one (see lockProgress): the version it
 * will get when first answered.
 */
async function versionsAfterReset(userId: number, cardIds: number[]) {
  if (!cardIds.length) return new Map<number, number>()
  const rows = await db
    .from('review_logs')
    .where('user_id', userId)
    .whereIn('card_id', cardIds)
    .groupBy('card_id')
    .select('card_id', db.raw('max(version_before) + 1 as next'))
  return new Map(rows.filter((row) => row.next !== null).map((row) => [row.card_id as number, Number(row.next)]))
}

/**
 * The cards of a session, in the order given, as the learning screen shows
 * them: both sides rendered and sanitized, the learner's state and the
 * version an answer must name, and each answer button with its repeat text.
 */
export async function presentLearningCards(context: StudyContext, i18n: I18n, cardIds: number[]) {
  if (!cardIds.length) return []
  const cards = await Card.query()
    .whereIn('id', cardIds)
    .whereIn('deck_id', context.deckIds)
    .preload('note', (note) => note.preload('noteType'))
    .preload('progress', (progress) => progress.where('user_id', context.user.id))
  const byId = new Map(cards.map((card) => [card.id, card]))
  const nextVersions = await versionsAfterReset(context.user.id, cards.filter((card) => !card.progress.length).map((card) => card.id))
  const deckNames = new Map([[context.deck.id, context.deck.name]])
  return cardIds
    .map((id) => byId.get(id))
    .filter((card): card is Card => Boolean(card))
    .map((card) => {
      const note = card.note
      const definition = note.noteType.definition
      const row = card.progress[0]
      const progress = progressOf(row)
      const sides = renderCard(definition, note.fields, card.ord, {
        attachments: note.fieldAttachmentsMap, deckName: deckNames.get(card.deckId) ?? context.deck.name, tags: note.tags,
      })
      const outcomes = outcomesFor({ cardId: card.id, progress, algorithm: context.algorithm, fsrsParameters: context.fsrsParameters, now: context.now })
      const answerButtons = answersOf(context.algorithm).map((type) => ({
        type,
        /* the speed buttons carry no interval */
        repeatText: context.algorithm.type === 'speedLearning' ? null : repeatText(i18n, outcomes[type]!.delaySeconds),
        delaySeconds: outcomes[type]!.delaySeconds,
      }))
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
        state: progress.state,
        isFrozen: row?.frozen ?? false,
        /* an answer names this version; a card changed since it was shown is refused */
        version: row?.version ?? nextVersions.get(card.id) ?? 0,
        reps: progress.reps,
        lapses: progress.lapses,
        dueAt: progress.dueAt?.toISOString() ?? null,
        answerButtons,
      }
    })
}

export type LearningCard = Awaited<ReturnType<typeof presentLearningCards>>[number]
