import type { HttpContext } from '@adonisjs/core/http'
import { previewNote } from '#actions/notes/preview_note'
import { storeMedia } from '#actions/media/store_media'
import { createNote } from '#actions/notes/create_note'
import { updateNote } from '#actions/notes/update_note'
import { findNote } from '#queries/notes/load_notes'
import { editorChoices } from '#queries/notes/editor_choices'
import NoteTransformer from '#transformers/note_transformer'
import NotePreviewTransformer from '#transformers/note_preview_transformer'
import MediaTransformer from '#transformers/media_transformer'
import NoteSpeech from '#models/note_speech'
import { attachmentValidator, editorNoteValidator, editorPreviewValidator, editorUpdateValidator } from '#validators/content'
import type Deck from '#models/deck'
import { deckLook } from '#queries/card_presets/deck_appearance'
import CardPresetTransformer from '#transformers/card_preset_transformer'

/** The preview shows cards as the deck's preset and fonts make them look. */
async function editorAppearance(deck: Deck) {
  const look = await deckLook(deck)
  return CardPresetTransformer.appearance(look.deck, look.preset)
}

/** The note editor's pages and the two JSON calls it makes (preview, media upload). */
export default class NotesController {
  async create(ctx: HttpContext) {
    const choices = await editorChoices(ctx.auth.use('web').getUserOrFail(), Number(ctx.params.deckId))
    return ctx.inertia.render('notes/editor', { ...NoteTransformer.editorPage(choices), note: null, cardAppearance: await editorAppearance(choices.deck) })
  }

  async edit(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const note = await findNote(user, ctx.params.id, 'edit')
    const choices = await editorChoices(user, note.deckId)
    const speech = await NoteSpeech.query().where('note_id', note.id).orderBy(['side', 'string_index'])
    return ctx.inertia.render('notes/editor', {
      ...NoteTransformer.editorPage(choices),
      note: NoteTransformer.forEditor(note, speech),
      cardAppearance: await editorAppearance(choices.deck),
    })
  }

  async store(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const input = await ctx.request.validateUsing(editorNoteValidator)
    await createNote(user, { ...input, deck_id: ctx.params.deckId })
    ctx.session.flash('success', ctx.i18n.t('ui.cards.added'))
    return ctx.response.redirect().back()
  }

  /** The same save as PUT notes/{id} (update_note.ts): what the form leaves out, the note keeps. */
  async update(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const existing = await findNote(user, ctx.params.id, 'edit')
    const input = await ctx.request.validateUsing(editorUpdateValidator)
    await updateNote(user, { ...input, note: existing })
    ctx.session.flash('success', ctx.i18n.t('ui.cards.saved'))
    return ctx.response.redirect(`/decks/${existing.deckId}`)
  }

  async preview(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(editorPreviewValidator)
    const preview = await previewNote(ctx.auth.use('web').getUserOrFail(), input)
    return NotePreviewTransformer.forEditor(preview, ctx.i18n)
  }

  async upload(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const input = await ctx.request.validateUsing(attachmentValidator)
    const media = await storeMedia(user, input)
    return MediaTransformer.forApi(media)
  }
}
