import type { HttpContext } from '@adonisjs/core/http'
import { previewNote } from '#actions/notes/preview_note'
import { storeMedia } from '#actions/media/store_media'
import { createNote } from '#actions/notes/create_note'
import { updateNote } from '#actions/notes/update_note'
import { findNote } from '#queries/notes/load_notes'
import { editorChoices } from '#queries/notes/editor_choices'
import DeckTransformer from '#transformers/deck_transformer'
import NoteTransformer from '#transformers/note_transformer'
import NoteTypeTransformer from '#transformers/note_type_transformer'
import NotePreviewTransformer from '#transformers/note_preview_transformer'
import MediaTransformer from '#transformers/media_transformer'
import CardAppearanceTransformer from '#transformers/card_appearance_transformer'
import { serialize } from '#transformers/serialize'
import NoteSpeech from '#models/note_speech'
import {
  attachmentValidator,
  editorNoteValidator,
  editorPreviewValidator,
  editorUpdateValidator,
} from '#validators/content'
import { deckLook } from '#queries/card_presets/deck_appearance'

/**
 * The editor page's props: the deck, every note type on offer and the one it
 * starts with (basic); the preview shows cards as the deck's preset and fonts make them look.
 */
async function editorProps({
  deck,
  noteTypes,
  defaultNoteTypeId,
}: Awaited<ReturnType<typeof editorChoices>>) {
  return {
    deck: DeckTransformer.transform(deck).useVariant('forEditor'),
    noteTypes: NoteTypeTransformer.transform(noteTypes).useVariant('forEditor'),
    defaultNoteTypeId,
    cardAppearance: CardAppearanceTransformer.transform(await deckLook(deck)),
  }
}

/** The note editor's pages and the two JSON calls it makes (preview, media upload). */
export default class NotesController {
  async create(ctx: HttpContext) {
    const choices = await editorChoices(
      ctx.auth.use('web').getUserOrFail(),
      Number(ctx.params.deckId)
    )
    return ctx.inertia.render('notes/editor', { ...(await editorProps(choices)), note: null })
  }

  async edit(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const note = await findNote(user, ctx.params.id, 'edit')
    const choices = await editorChoices(user, note.deckId)
    const speech = await NoteSpeech.query()
      .where('note_id', note.id)
      .orderBy(['side', 'string_index'])
    return ctx.inertia.render('notes/editor', {
      ...(await editorProps(choices)),
      note: NoteTransformer.transform(note, { speech: new Map([[note.id, speech]]) }).useVariant(
        'forEditor'
      ),
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
    return serialize(NotePreviewTransformer.transform(preview, ctx.i18n).useVariant('forEditor'))
  }

  async upload(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const input = await ctx.request.validateUsing(attachmentValidator)
    const media = await storeMedia(user, input)
    return serialize(MediaTransformer.transform(media))
  }
}
