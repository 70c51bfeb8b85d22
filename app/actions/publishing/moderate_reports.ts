import { DateTime } from 'luxon'
import ApiException from '#exceptions/api_exception'
import DeckReport from '#models/deck_report'
import PublicDeck from '#models/public_deck'
import type User from '#models/user'
import { idParam } from '#queries/decks/find_deck'
import { assertModerator } from '#queries/publishing/find_revision'
import { withTransaction, type ActionOptions } from '#actions/action'

/** A report straight from the library (the deck preview): about a deck the library shows, else a 404. */
export async function reportPublicDeck(user: User, input: { id: unknown; report_text: string }) {
  const publicDeck = await PublicDeck.query()
    .withScopes((s) => s.published())
    .where('id', idParam(input.id))
    .first()
  if (!publicDeck) throw ApiException.notFound()
  return DeckReport.create({
    deckId: publicDeck.deckId,
    userId: user.id,
    text: input.report_text,
    publicDeckId: publicDeck.id,
    status: 'open',
  })
}

/** A moderator closes an open report: resolved (acted on) or dismissed. */
export async function closeReport(
  moderator: User,
  input: { id: unknown; status: 'resolved' | 'dismissed' },
  options: ActionOptions = {}
) {
  const status = input.status
  await assertModerator(moderator)
  return withTransaction(options.trx, async (trx) => {
    const report = await DeckReport.query({ client: trx })
      .where('id', idParam(input.id))
      .forUpdate()
      .first()
    if (!report) throw ApiException.notFound()
    if (report.status !== 'open') {
      if (report.status === status) return report
      throw ApiException.of('E_REPORT_CLOSED')
    }
    report.merge({ status, resolvedBy: moderator.id, resolvedAt: DateTime.now() })
    await report.useTransaction(trx).save()
    return report
  })
}
