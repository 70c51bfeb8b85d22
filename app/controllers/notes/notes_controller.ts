import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import NoteType from '#models/note_type'
import SaveNote from '#actions/notes/save_note'
import PreviewNote from '#actions/notes/preview_note'
import StoreMedia from '#actions/media/store_media'
import { findDeck, findEditableDeck } from '#queries/decks/find_deck'
import { findNote } from '#queries/notes/present_notes'
import NoteTypeTransformer from '#transformers/note_type_transformer'
import { attachmentValidator, id, noteBody } from '#validators/content'
import vine from '@vinejs/vine'
import type { CardLabel } from '#actions/notes/preview_note'

/* the editor posts the note's fields flat, as its form holds them */
const editorValidator = vine.create(noteBody)
const editorPreviewValidator = vine.create({ ...noteBody, deck_id: id() })

async function editorProps(ctx: HttpContext, deckId: number) {
  const user = ctx.auth.use('web').getUserOrFail()
  const deck = await findDeck(user, deckId)
  const noteTypes = await NoteType.query().whereNull('user_id').orWhere('user_id', user.id).orderBy('id')
  return {
    deck: { id: deck.id, name: deck.name, imagesAllowed: deck.imagesAllowed },
    noteTypes: noteTypes.map((noteType) => NoteTypeTransformer.forEditor(noteType)),
    defaultNoteTypeId: noteTypes.find((noteType) => noteType.kind === 'basic')!.id,
  }
}

/* a custom type's cards are named by its templates; the built-ins' in the reader's language */
function labelText(ctx: HttpContext, label: CardLabel, ord: number, custom: boolean) {
  if (label.type === 'standard' && custom) return label.template
  const n = label.type === 'cloze' ? label.index : label.type === 'occlusion' ? label.group : ord + 1
  return ctx.i18n.t(`ui.cards.labels.${label.type}`, { n })
}

/*
 * The editor's background calls must not eat the flash messages meant for
 * the page: a preview landing between a save and its redirect would take
 * the "Card added" toast with it.
 */
function keepFlash(ctx: HttpContext) {
  ctx.session.reflash()
}

/** The note editor's pages and the two JSON calls it makes (preview, media upload). */
export default class NotesController {
  async create(ctx: HttpContext) {
    const props = await editorProps(ctx, Number(ctx.params.deckId))
    return ctx.inertia.render('notes/editor', { ...props, note: null })
  }

  async edit(ctx: HttpContext) {
    const note = await findNote(ctx.auth.use('web').getUserOrFail(), ctx.params.id)
    const props = await editorProps(ctx, note.deckId)
    return ctx.inertia.render('notes/editor', {
      ...props,
      note: { id: note.id, noteTypeId: note.noteTypeId, fields: note.fields, fieldAttachmentsMap: note.fieldAttachmentsMap, isReversed: note.isReversed },
    })
  }

  async store(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const input = await ctx.request.validateUsing(editorValidator)
    await db.transaction(async (trx) => {
      const deck = await findEditableDeck(user, ctx.params.deckId, trx)
      await new SaveNote().handle(user, deck, {
        noteTypeId: input.template_id, fields: input.fields, fieldAttachmentsMap: input.field_attachments_map, reverse: input.reverse,
      }, trx)
    })
    ctx.session.flash('success', ctx.i18n.t('ui.cards.added'))
    return ctx.response.redirect().back()
  }

  async update(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const existing = await findNote(user, ctx.params.id)
    const input = await ctx.request.validateUsing(editorValidator)
    await db.transaction(async (trx) => {
      const deck = await findEditableDeck(user, existing.deckId, trx)
      await new SaveNote().handle(user, deck, {
        noteTypeId: input.template_id, fields: input.fields, fieldAttachmentsMap: input.field_attachments_map, reverse: input.reverse,
      }, trx, existing)
    })
    ctx.session.flash('success', ctx.i18n.t('ui.cards.saved'))
    return ctx.response.redirect(`/decks/${existing.deckId}`)
  }

  async preview(ctx: HttpContext) {
    keepFlash(ctx)
    const input = await ctx.request.validateUsing(editorPreviewValidator)
    const preview = await new PreviewNote().handle(ctx.auth.use('web').getUserOrFail(), input.deck_id, {
      noteTypeId: input.template_id, fields: input.fields, fieldAttachmentsMap: input.field_attachments_map, reverse: input.reverse,
    })
    return { css: preview.css, cards: preview.cards.map((card) => ({ ...card, label: labelText(ctx, card.label, card.ord, preview.custom) })) }
  }

  async upload(ctx: HttpContext) {
    keepFlash(ctx)
    const user = ctx.auth.use('web').getUserOrFail()
    const input = await ctx.request.validateUsing(attachmentValidator)
    const media = await new StoreMedia().handle(user, await findEditableDeck(user, input.deck_id), input.file)
    return { id: media.id, type: media.kind, url: media.url }
  }
}
