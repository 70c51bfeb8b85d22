import { examPlanOf } from '#queries/learning/exam_plan'
import type { HttpContext } from '@adonisjs/core/http'
import { LIBRARY_TAXONOMY } from '#database/library_categories'
import { createDeck } from '#actions/decks/create_deck'
import { updateDeck } from '#actions/decks/update_deck'
import { deleteDeck } from '#actions/decks/delete_deck'
import { duplicateDeck } from '#actions/decks/duplicate_deck'
import { moveDeck } from '#actions/decks/move_deck'
import { resetProgress } from '#actions/decks/reset_progress'
import { reportDeck } from '#actions/decks/report_deck'
import { reorder } from '#actions/decks/reorder_decks'
import { findDeck } from '#queries/decks/find_deck'
import { pollingDecks, showDeck } from '#queries/decks/list_decks'
import { rememberSort } from '#actions/decks/update_deck'
import { deckLimitDefaults } from '#queries/decks/deck_page'
import { deckListProps, deckTree, destinations } from '#controllers/decks/deck_page_props'
import { deckNotesPage } from '#queries/notes/notes_page'
import { deckSharing } from '#queries/sharing/deck_sharing'
import DeckSharingTransformer from '#transformers/deck_sharing_transformer'
import DeckTransformer from '#transformers/deck_transformer'
import DeckJobTransformer from '#transformers/deck_job_transformer'
import DeckLimitsTransformer from '#transformers/deck_limits_transformer'
import ExamPlanTransformer from '#transformers/exam_plan_transformer'
import NoteTypeTransformer from '#transformers/note_type_transformer'
import StartedJobTransformer, {
  STARTED_JOB,
  startedJob,
  startedJobsOf,
} from '#transformers/started_job_transformer'
import DeckNotesPageTransformer from '#transformers/deck_notes_page_transformer'
import {
  createDeckValidator,
  duplicateDeckValidator,
  listNotesValidator,
  moveDeckValidator,
  reorderDecksValidator,
  reportDeckValidator,
  updateDeckValidator,
} from '#validators/content'

const TABS = ['general', 'cards', 'settings'] as const

export default class DecksController {
  async archived({ auth, inertia }: HttpContext) {
    const { decks } = deckListProps(auth.use('web').getUserOrFail(), true)
    return inertia.render('decks/archived', { decks })
  }

  /** The deck page; the cards tab takes the list's search, filters, sort and page from the query string. */
  async show({ auth, params, request, inertia, session }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    let deck = await findDeck(user, params.id)
    const tab = TABS.find((name) => name === request.input('tab')) ?? 'general'
    /* a stale or hand-edited query string lists everything rather than failing */
    const [invalid, filters] = await listNotesValidator.tryValidate({
      ...request.qs(),
      deck_id: deck.id,
    })
    if (tab === 'cards' && filters) deck = await rememberSort(user, { ...filters, deck })
    const page = Math.max(1, Number.parseInt(request.input('page'), 10) || 1)
    let tree: ReturnType<typeof deckTree> | undefined
    const loadTree = () => (tree ??= deckTree(user, deck))
    const notesPage = () =>
      deckNotesPage(user, deck, invalid ? { deck_id: deck.id } : filters!, page)
    return inertia.render('decks/show', {
      tab,
      deck: async () => {
        const shown = await showDeck(user, deck)
        return DeckTransformer.transform(shown.deck, shown).useVariant('forPage')
      },
      tree: async () => {
        const list = await loadTree()
        const source = { ...list, rows: list.selected }
        return DeckTransformer.transform(list.selected, source).useVariant('forPage')
      },
      templates: () => loadTree().then((list) => NoteTypeTransformer.transform(list.noteTypes)),
      notes:
        tab === 'cards' ? async () => DeckNotesPageTransformer.transform(await notesPage()) : null,
      polling: async () => DeckJobTransformer.transform(await pollingDecks(user)),
      destinations: inertia.optional(() => destinations(user)),
      sharing: inertia.optional(async () =>
        DeckSharingTransformer.transform(await deckSharing(user, deck))
      ),
      /* the publishing panel's category choice (keys; the page names them in the reader's language) */
      /* exam mode's plan (exam_plan.ts): null without an exam ahead */
      examPlan:
        tab === 'general'
          ? async () => ExamPlanTransformer.transform(await examPlanOf(user, deck))
          : null,
      /* what the daily-limit fields left empty mean: the main deck's or the preset's limits, or none */
      limitDefaults:
        tab === 'settings'
          ? async () => DeckLimitsTransformer.transform(await deckLimitDefaults(user, deck))
          : null,
      libraryCategories:
        tab === 'general' ? LIBRARY_TAXONOMY.map(({ key, subs }) => ({ key, subs })) : null,
      started: StartedJobTransformer.transform(
        startedJobsOf(session.flashMessages.get(STARTED_JOB))
      ),
    })
  }

  async store({ auth, request, response }: HttpContext) {
    const { deck: input } = await request.validateUsing(createDeckValidator)
    /* the source is the apps' to say: a deck made on the web is made by hand */
    await createDeck(auth.use('web').getUserOrFail(), { ...input, source: undefined })
    return response.redirect().withQs().back()
  }

  async update({ auth, request, params, response, session, i18n }: HttpContext) {
    const { deck: input } = await request.validateUsing(updateDeckValidator)
    await updateDeck(auth.use('web').getUserOrFail(), { ...input, id: params.id })
    session.flash('success', i18n.t('ui.decks.flash.saved'))
    return response.redirect().withQs().back()
  }

  /** Deleting from the deck's own page lands on the home page: the way back is gone. */
  async destroy({ auth, params, request, response, session, i18n }: HttpContext) {
    await deleteDeck(auth.use('web').getUserOrFail(), { id: params.id })
    session.flash('success', i18n.t('ui.decks.flash.deleted'))
    const from = URL.parse(request.header('referer') ?? '')?.pathname ?? ''
    return from === `/decks/${params.id}`
      ? response.redirect().toRoute('home')
      : response.redirect().withQs().back()
  }

  async duplicate({ auth, params, request, response, session, i18n }: HttpContext) {
    const input = await request.validateUsing(duplicateDeckValidator)
    const copy = await duplicateDeck(auth.use('web').getUserOrFail(), {
      ...input,
      id: params.id,
      locale: i18n.locale,
    })
    session.flash(STARTED_JOB, startedJob(copy, 'duplicating'))
    return response.redirect().withQs().back()
  }

  /** Into another deck, into a folder, or to the top level. */
  async move({ auth, params, request, response }: HttpContext) {
    const input = await request.validateUsing(moveDeckValidator, {
      data: { ...request.body(), deck_id: params.id },
    })
    await moveDeck(auth.use('web').getUserOrFail(), input)
    return response.redirect().withQs().back()
  }

  async reorder({ auth, request, response }: HttpContext) {
    const { deck_ids: ids } = await request.validateUsing(reorderDecksValidator)
    await reorder(auth.use('web').getUserOrFail(), { table: 'decks', ids })
    return response.redirect().withQs().back()
  }

  async resetProgress({ auth, params, response, session, i18n }: HttpContext) {
    await resetProgress(auth.use('web').getUserOrFail(), { id: params.id })
    session.flash('success', i18n.t('ui.decks.flash.progress_reset'))
    return response.redirect().withQs().back()
  }

  async report({ auth, params, request, response, session, i18n }: HttpContext) {
    const input = await request.validateUsing(reportDeckValidator)
    await reportDeck(auth.use('web').getUserOrFail(), { ...input, id: params.id })
    session.flash('success', i18n.t('ui.decks.flash.reported'))
    return response.redirect().withQs().back()
  }
}
