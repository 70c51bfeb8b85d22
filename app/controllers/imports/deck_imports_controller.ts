import type { HttpContext } from '@adonisjs/core/http'
import { cancelImport, findImport, presentImport, retryImport } from '#actions/imports/deck_imports'
import { receiveUpload } from '#actions/imports/receive_upload'
import Deck from '#models/deck'
import type DeckImport from '#models/deck_import'

/**
 * The import, as the upload dialog follows it: the API's entity, plus the
 * deck's counters (the dialog polls every second, the deck list every 3 s)
 * and a failure's message in the reader's language (pages only receive the
 * `ui.*` messages, not `errors.*`).
 */
async function presentForDialog(ctx: HttpContext, record: DeckImport) {
  const deck = record.deckId && !record.isFinished ? await Deck.find(record.deckId) : null
  const key = record.errorKey ? `errors.${record.errorKey}` : null
  return {
    ...presentImport(record),
    progress: { total: deck?.processing?.total ?? 0, processed: deck?.processing?.processed ?? 0 },
    error: key
      ? { title: ctx.i18n.t(`${key}.title`), body: ctx.i18n.hasMessage(`${key}.body`) ? ctx.i18n.t(`${key}.body`) : null }
      : null,
  }
}

export type DialogImport = Awaited<ReturnType<typeof presentForDialog>>

/**
 * The web door to deck imports (the upload dialog's JSON calls), the same
 * actions as the API's. Background calls keep the flash meant for the page.
 */
export default class DeckImportsController {
  async store(ctx: HttpContext) {
    ctx.session.reflash()
    const record = await receiveUpload(ctx, ctx.auth.use('web').getUserOrFail())
    return ctx.response.accepted(await presentForDialog(ctx, record))
  }

  async show(ctx: HttpContext) {
    ctx.session.reflash()
    return presentForDialog(ctx, await findImport(ctx.auth.use('web').getUserOrFail(), ctx.params.id))
  }

  async retry(ctx: HttpContext) {
    ctx.session.reflash()
    const record = await retryImport(ctx.auth.use('web').getUserOrFail(), ctx.params.id)
    return ctx.response.accepted(await presentForDialog(ctx, record))
  }

  async destroy(ctx: HttpContext) {
    ctx.session.reflash()
    return presentForDialog(ctx, await cancelImport(ctx.auth.use('web').getUserOrFail(), ctx.params.id))
  }
}
