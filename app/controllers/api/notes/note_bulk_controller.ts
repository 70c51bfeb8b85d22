import type { HttpContext } from '@adonisjs/core/http'
import { bulkNotes, type BulkAction } from '#actions/notes/bulk_notes'
import BulkNotesResultTransformer from '#transformers/bulk_notes_result_transformer'
import { serialize } from '#transformers/serialize'
import { bulkNotesValidator } from '#validators/content'

/** notes/bulk_*: one door per action, as the spec lists them, and bulk_action naming it. */
export default class NoteBulkController {
  private async run(ctx: HttpContext, fixed?: BulkAction) {
    const input = await ctx.request.validateUsing(bulkNotesValidator)
    const result = await bulkNotes(ctx.auth.use('api').getUserOrFail(), {
      ...input,
      bulk_action: fixed ?? input.bulk_action,
    })
    const reply = await serialize(BulkNotesResultTransformer.transform(result))
    return ctx.response.status(result.processing ? 202 : 200).send(reply)
  }

  destroy = (ctx: HttpContext) => this.run(ctx, 'destroy')
  freeze = (ctx: HttpContext) => this.run(ctx, 'freeze')
  unfreeze = (ctx: HttpContext) => this.run(ctx, 'unfreeze')
  move = (ctx: HttpContext) => this.run(ctx, 'move')
  duplicate = (ctx: HttpContext) => this.run(ctx, 'duplicate')
  action = (ctx: HttpContext) => this.run(ctx)
}
