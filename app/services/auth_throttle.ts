import limiter from '@adonisjs/limiter/services/main'

/*
 * Failed sign-ins are counted per IP and per e-mail; past the limit both
 * the right and the wrong password get 429 until the block ends.
 */
const perIp = () => limiter.use({ requests: 20, duration: '15 mins', blockDuration: '15 mins' })
const perEmail = () => limiter.use({ requests: 5, duration: '15 mins', blockDuration: '15 mins' })

/**
 * Counts the attempt before it runs, in one atomic step of the store
 * (`consume` throws 429 past the limit), and gives the count back when it
 * succeeds. The limiter's `penalize` read the count, ran the attempt and
 * counted afterwards, so attempts sent at once all read the same count:
 * 30 wrong passwords 10 at a time had 12 to 14 checked against a limit of 5.
 */
async function countedFirst<T>(limit: ReturnType<typeof perIp>, key: string, fn: () => Promise<T>) {
  await limit.consume(key)
  const result = await fn()
  /* a success clears the failures, as penalize did */
  await limit.delete(key)
  return result
}

/** A password check (web and API sign-in, the admin token): 5 failures per e-mail, 20 per IP, in 15 minutes. */
export function guardSignIn<T>(ip: string, email: string, attempt: () => Promise<T>) {
  return countedFirst(perIp(), `sign_in:ip:${ip}`, () =>
    countedFirst(perEmail(), `sign_in:email:${email.toLowerCase()}`, attempt)
  )
}

/* Reset and login-link e-mails: a few an hour per address, whether or not it exists. */
export async function guardEmailRequest(kind: string, email: string) {
  const limit = limiter.use({ requests: 3, duration: '1 hour', blockDuration: '1 hour' })
  const response = await limit.consume(`${kind}:email:${email.toLowerCase()}`)
  return response
}
