import { Bouncer, type BasePolicy } from '@adonisjs/bouncer'
type Constructor<T> = new (...args: any[]) => T
import ApiException from '#exceptions/api_exception'
import { type ErrorKey, keysOf } from '#exceptions/catalogue'
import type User from '#models/user'

type Ability<P> = {
  [K in keyof P]: P[K] extends (user: User, ...args: any[]) => any ? K : never
}[keyof P] &
  string

/**
 * Runs a policy ability for a user and turns a refusal into the product's
 * error (a 403 whose title names why: `errors.<reason>`), the same for both
 * doors: web controllers, API controllers, jobs and actions all come here.
 * Called by the lookups (find_deck.ts, find_card.ts …) once they have found
 * what the caller may see; what they may not see is a 404 before this.
 * There is no per-request `ctx.bouncer`: jobs and actions authorize too, and
 * a request that looks nothing up (health, users/me) builds no Bouncer.
 */
/*
 * a policy's reason for a refusal: one of E_FORBIDDEN's wordings in the catalogue (errors.<reason>), else the
 * plain one
 */

export async function authorize<P extends BasePolicy>(
  user: User | { id: number },
  policy: Constructor<P>,
  ability: Ability<P>,
  ...args: unknown[]
) {
  const response = await new Bouncer(user as User)
    .with(policy as any)
    .execute(ability as any, ...(args as []))
  if (!response.authorized) {
    const reason = keysOf('E_FORBIDDEN').find((key) => key === response.message) as
      ErrorKey<'E_FORBIDDEN'> | undefined
    throw ApiException.of('E_FORBIDDEN', { key: reason })
  }
}
