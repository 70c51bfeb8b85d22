import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Infer } from '@vinejs/vine/types'
import type { updateDeckValidator } from '#validators/content'
import ApiException from '#exceptions/api_exception'
import type Deck from '#models/deck'
import type { FontSettings } from '#models/deck'
import type User from '#models/user'
import { assertEditable, findDeck } from '#queries/decks/find_deck'
import DeckPolicy from '#policies/deck_policy'
import { authorize } from '#services/authorize'
import { setSharing } from '#actions/sharing/set_sharing'
import { findUsablePreset } from '#queries/card_presets/find_presets'
import { requirePremium } from '#services/premium'
import { withTransaction, type ActionOptions } from '#actions/action'

/**
 * The validated `deck` body (updateDeckValidator, snake_case as the apps send it) and the deck's id, for
 * either door.
 */
export type UpdateDeckInput = Infer<typeof updateDeckValidator>['deck'] & { id: unknown }

interface DeckEdits {
  name?: string | null
  shuffleCardsEnabled?: boolean
  offlineModeEnabled?: boolean
  fontSettings?: FontSettings
  cardPresetId?: number | null
  newCardsPerDay?: number | null
  maxCardsPerDay?: number | null
  notesSortBy?: Deck['notesSortBy']
  notesOrder?: Deck['notesOrder']
  ttsEnabled?: boolean
  ttsWholeCardPronunciation?: boolean
  ttsAutoplayEnabled?: boolean
  ttsFrontSideLanguage?: string | null
  ttsBackSideLanguage?: string | null
  /** the owner turns sharing of a root deck on or off (set_sharing.ts) */
  sharingEnabled?: boolean
  /** exam mode, root decks only: YYYY-MM-DD or null to end it */
  examDate?: string | null
  examNewCardsCeiling?: number | null
}

/* the body's fields under the model's names */
function editsOf(input: UpdateDeckInput): DeckEdits {
  return {
    name: input.name,
    shuffleCardsEnabled: input.shuffle_cards_enabled,
    offlineModeEnabled: input.offline_mode_enabled,
    fontSettings: input.font_settings,
    cardPresetId: input.card_preset_id,
    newCardsPerDay: input.new_cards_per_day,
    maxCardsPerDay: input.max_cards_per_day,
    notesSortBy: input.notes_sort_by,
    notesOrder: input.notes_order,
    ttsEnabled: input.tts_enabled,
    ttsWholeCardPronunciation: input.tts_whole_card_pronunciation,
    ttsAutoplayEnabled: input.tts_autoplay_enabled,
    ttsFrontSideLanguage: input.tts_front_side_language,
    ttsBackSideLanguage: input.tts_back_side_language,
    sharingEnabled: input.sharing_enabled,
    examDate: input.exam_date === undefined ? undefined : input.exam_date && dayOf(input.exam_date),
    examNewCardsCeiling: input.exam_new_cards_ceiling,
  }
}

/* vine reads a YYYY-MM-DD date at local midnight: back to the day as written */
function dayOf(date: Date) {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

export async function updateDeck(user: User, body: UpdateDeckInput, options: ActionOptions = {}) {
  const input = editsOf(body)
  if (input.name === null)
    throw ApiException.of('E_VALIDATION_ERROR', { key: 'name_required', field: 'deck.name' })
  return withTransaction(options.trx, async (trx) => {
    const deck = await findDeck(user, body.id, trx)
    /* the exam is the whole tree's: set on its root deck, by its owner */
    const examEdit = input.examDate !== undefined || input.examNewCardsCeiling !== undefined
    if (examEdit && !deck.isRootDeck)
      throw ApiException.of('E_VALIDATION_ERROR', {
        key: 'exam_root_deck_only',
        field: 'deck.exam_date',
      })
    /* offline study takes a whole tree: a subdeck goes offline with its main deck (the spec) */
    if (input.offlineModeEnabled === true && !deck.isRootDeck)
      throw ApiException.of('E_OFFLINE_SUBDECK', { field: 'deck.offline_mode_enabled' })
    /* remembering the list's sort order is not an edit, so it works on archived decks too */
    const { notesSortBy, notesOrder, sharingEnabled, ...all } = input
    /* a participant's daily limits are their own, on their collaborator row: any role sets them */
    const edits = deck.roleOf(user) === 'owner' ? all : await saveOwnLimits(trx, user, deck, all)
    const defined = Object.fromEntries(
      Object.entries(edits).filter(([, value]) => value !== undefined)
    )
    if (Object.keys(defined).length) {
      /* a root deck's settings are the owner's; an editor renames and styles subdecks */
      await authorize(user, DeckPolicy, deck.isRootDeck ? 'manage' : 'edit', deck)
      assertEditable(deck)
    }
    /* turning text-to-speech on is premium (spec 000 §1); a deck that has it keeps it, and anyone may turn it off */
    if (defined.ttsEnabled === true && !deck.ttsEnabled)
      requirePremium(user, 'text_to_speech', 'deck.tts_enabled')
    /* a preset the learner may not use is a 404, as any id they cannot see */
    if (edits.cardPresetId) await findUsablePreset(user, edits.cardPresetId, trx)
    if (edits.fontSettings) defined.fontSettings = { ...deck.fontSettings, ...edits.fontSettings }
    /* choosing another preset takes its fonts: the deck's own sizes, chosen before, no longer override them */
    else if (edits.cardPresetId !== undefined && edits.cardPresetId !== deck.cardPresetId)
      defined.fontSettings = {}
    deck.merge(defined)
    if (sharingEnabled !== undefined) await setSharing(user, deck, sharingEnabled, trx)
    /* the list's order is remembered on the owner's deck; a participant's list keeps the default */
    if (deck.roleOf(user) === 'owner') {
      if (notesSortBy) deck.notesSortBy = notesSortBy
      if (notesOrder) deck.notesOrder = notesOrder
    }
    await deck.useTransaction(trx).save()
    return deck
  })
}

/** Writes a participant's limits (if given) onto their row of the shared tree, and answers the other edits. */
async function saveOwnLimits(
  trx: TransactionClientContract,
  user: User,
  deck: Deck,
  input: Omit<DeckEdits, 'notesSortBy' | 'notesOrder'>
) {
  const { newCardsPerDay, maxCardsPerDay, ...edits } = input
  const limits = Object.fromEntries(
    Object.entries({ new_cards_per_day: newCardsPerDay, max_cards_per_day: maxCardsPerDay }).filter(
      ([, value]) => value !== undefined
    )
  )
  if (Object.keys(limits).length) {
    await trx
      .from('deck_collaborators')
      .where('deck_id', deck.rootDeckId ?? deck.id)
      .where('user_id', user.id)
      .where('state', 'active')
      .update({ ...limits, updated_at: new Date() })
  }
  return edits
}

/** A sort chosen in a card list (web or app) is remembered on the deck. */
export async function rememberSort(
  user: User,
  input: { deck: Deck; sort_by?: Deck['notesSortBy']; order?: string }
) {
  const { deck } = input
  const order = input.order?.toUpperCase() as Deck['notesOrder'] | undefined
  const changed =
    (input.sort_by && input.sort_by !== deck.notesSortBy) || (order && order !== deck.notesOrder)
  if (changed && deck.roleOf(user) === 'owner') {
    return updateDeck(user, { id: deck.id, notes_sort_by: input.sort_by, notes_order: order })
  }
  return deck
}
