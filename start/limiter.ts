import limiter from '@adonisjs/limiter/services/main'

/* Every sign-in, sign-up and reset endpoint, per IP address. */
export const authThrottle = limiter.define('auth', (ctx) =>
  limiter
    .allowRequests(60)
    .every('1 minute')
    .blockFor('5 mins')
    .usingKey(`auth:${ctx.request.ip()}`)
)

/* The public reads of a shared deck's link (GET v2/decks/{token}…), per IP address. */
export const sharedDeckThrottle = limiter.define('shared_deck', (ctx) =>
  limiter
    .allowRequests(120)
    .every('1 minute')
    .blockFor('1 min')
    .usingKey(`shared_deck:${ctx.request.ip()}`)
)
