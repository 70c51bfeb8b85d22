import limiter from '@adonisjs/limiter/services/main'

/* Every sign-in, sign-up and reset endpoint, per IP address. */
export const authThrottle = limiter.define('auth', (ctx) =>
  limiter.allowRequests(60).every('1 minute').blockFor('5 mins').usingKey(`auth:${ctx.request.ip()}`)
)
