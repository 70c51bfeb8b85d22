import limiter from '@adonisjs/limiter/services/main'

/*
 * Failed sign-ins are counted per IP and per e-mail; past the limit both
 * the right and the wrong password get 429 until the block ends.
 */
const perIp = () => limiter.use({ requests: 20, duration: '15 mins', blockDuration: '15 mins' })
const perEmail = () => limiter.use({ requests: 5, duration: '15 mins', blockDuration: '15 mins' })

async function penalized<T>(limit: ReturnType<typeof perIp>, key: string, fn: () => Promise<T>) {
  const [error, result] = await limit.penalize(key, fn)
  if (error) throw error
  return result as T
}

export function guardSignIn<T>(ip: string, email: string, attempt: () => Promise<T>) {
  return penalized(perIp(), `sign_in:ip:${ip}`, () =>
    penalized(perEmail(), `sign_in:email:${email.toLowerCase()}`, attempt)
  )
}

/* Reset and login-link e-mails: a few an hour per address, whether or not it exists. */
export async function guardEmailRequest(kind: string, email: string) {
  const limit = limiter.use({ requests: 3, duration: '1 hour', blockDuration: '1 hour' })
  const response = await limit.consume(`${kind}:email:${email.toLowerCase()}`)
  return response
}
