import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import { findSharedDeck, sharedDeckView } from '#queries/sharing/shared_deck'
import { notesListPage, NOTES_PAGE_DEFAULT } from '#queries/notes/notes_page'
import { cardsPage } from '#queries/notes/cards_of_notes'
import SharedDeckTransformer from '#transformers/shared_deck_transformer'
import NotePageTransformer from '#transformers/note_page_transformer'
import CardPageTransformer from '#transformers/card_page_transformer'
import { serialize } from '#transformers/serialize'
import { sharedCardsValidator, sharedNotesValidator } from '#validators/sharing'

/** A bearer token, when one is sent, names the reader (a bad one is a 401); no token reads signed out. */
async function reader({ auth, request }: HttpContext): Promise<User | null> {
  return request.header('authorization') ? auth.use('api').authenticate() : null
}

/* a signed-out reader has no progress: id 0 matches no learner, so every card reads as new */
const NOBODY = { id: 0 } as User

/** GET v2/decks/{token}…: a shared deck as anyone holding its link sees it. */
export default class SharedDecksController {
  async show(ctx: HttpContext) {
    const deck = await findSharedDeck(ctx.params.token)
    return serialize(SharedDeckTransformer.transform(await sharedDeckView(await reader(ctx), deck)))
  }

  async notes(ctx: HttpContext) {
    const deck = await findSharedDeck(ctx.params.token)
    const input = await ctx.request.validateUsing(sharedNotesValidator)
    const user = (await reader(ctx)) ?? NOBODY
    const limit = input.limit ?? NOTES_PAGE_DEFAULT
    const page = await notesListPage(user, deck, { deck_id: deck.id }, input.offset ?? 0, limit)
    return serialize(NotePageTransformer.transform(page))
  }

  /** Rendered and sanitized sides (`front`, `back`, `css`) only with html_preview; null otherwise. */
  async cards(ctx: HttpContext) {
    const deck = await findSharedDeck(ctx.params.token)
    const input = await ctx.request.validateUsing(sharedCardsValidator)
    const user = (await reader(ctx)) ?? NOBODY
    const found = await cardsPage(
      user,
      deck,
      undefined,
      input.offset ?? 0,
      input.limit ?? NOTES_PAGE_DEFAULT
    )
    return serialize(
      CardPageTransformer.transform(found, { htmlPreview: input.html_preview === true })
    )
  }
}
