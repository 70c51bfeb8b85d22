import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import type User from '#models/user'
import type { FreeCounter } from '#models/ai_stream'

/*
 * AI generation limits (docs/ai-generation.md: Limits):
 * - cards per request: FREE_MAX_CARDS for free users and guests,
 *   PREMIUM_MAX_CARDS with premium (the spec leaves the values open);
 * - free users' generations (users.free_ai_pdf / free_ai_prompt /
 *   free_ai_card_builder, the User entity's freeTier): one generation
 *   (a stream or a bulk create) takes one, atomically, when it is accepted;
 *   at zero the request is refused with 402 E_AI_FREE_LIMIT (the apps show
 *   the paywall, as for E_DAILY_LEARNING_LIMIT); a generation that makes no
 *   card at all gives its count back. Premium (user.hasPremium) uses none.
 */
export const FREE_MAX_CARDS = 20
export const PREMIUM_MAX_CARDS = 100
/** the onboarding example deck ("creates 20 cards"): made for everyone, counted against nothing */
export const ONBOARDING_CARDS = 20

export const FREE_COUNTERS = {
  document: 'free_ai_pdf',
  prompt: 'free_ai_prompt',
  words: 'free_ai_card_builder',
} as const satisfies Record<string, FreeCounter>

export function maxCardsFor(user: User) {
  return user.hasPremium ? PREMIUM_MAX_CARDS : FREE_MAX_CARDS
}

const freeLimitReached = (counter: FreeCounter) =>
  ApiException.of('E_AI_FREE_LIMIT', { extra: { counter: counterName(counter) } })

/** the freeTier field a column is shown as (User entity) */
function counterName(counter: FreeCounter) {
  return (
    {
      free_ai_pdf: 'aiGenWithPdf',
      free_ai_prompt: 'aiGenWithPrompt',
      free_ai_card_builder: 'aiGenCardBuilder',
    } as const
  )[counter]
}

/**
 * Takes one generation of a free user's counter, in the caller's
 * transaction (so a refused request takes nothing): a single conditional
 * UPDATE, so two requests racing for the last one cannot both have it.
 * Premium takes nothing and answers null.
 */
export async function takeFreeGeneration(
  user: User,
  counter: FreeCounter,
  trx: TransactionClientContract
) {
  if (user.hasPremium) return null
  const rows = await trx.rawQuery(
    `update users set ${counter} = ${counter} - 1 where id = ? and ${counter} > 0 returning ${counter} as left`,
    [user.id]
  )
  if (!rows.rows.length) throw freeLimitReached(counter)
  return counter
}

/** A generation that made nothing gives its count back. */
export async function giveBackFreeGeneration(
  userId: number,
  counter: FreeCounter | null,
  trx: TransactionClientContract
) {
  if (!counter) return
  await trx.rawQuery(`update users set ${counter} = ${counter} + 1 where id = ?`, [userId])
}

/** The User entity's freeTier, read fresh (after a generation took one); premium: null (unlimited). */
export async function freeTierOf(user: User) {
  if (user.hasPremium) return null
  const row = await db
    .from('users')
    .where('id', user.id)
    .select('free_ai_prompt', 'free_ai_pdf', 'free_ai_card_builder')
    .first()
  return {
    aiGenWithPrompt: row.free_ai_prompt,
    aiGenWithPdf: row.free_ai_pdf,
    aiGenCardBuilder: row.free_ai_card_builder,
  }
}
