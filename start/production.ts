import env from '#start/env'
import { behindPooler } from '#config/database'

type Lookup = (name: string) => unknown

/**
 * Production runs on real services only: no embedded database, Redis for
 * sessions, rate limits and jobs, and real SMTP; behind a pooler, a direct
 * connection for LISTEN.
 */
export function assertProductionServices(get: Lookup = (name) => env.get(name as any)) {
  const missing: string[] = []
  if (!get('DATABASE_URL') && !get('DB_HOST')) missing.push('DATABASE_URL or DB_HOST')
  if (!get('REDIS_URL')) missing.push('REDIS_URL')
  if ((get('MAIL_MAILER') ?? 'smtp') === 'smtp' && !get('SMTP_HOST')) missing.push('SMTP_HOST')
  if (!get('APP_URL')) missing.push('APP_URL')
  /* LISTEN through a pooler in transaction mode hears nothing: the live AI notes would never arrive */
  if (behindPooler(get) && !get('DATABASE_LISTEN_URL'))
    missing.push('DATABASE_LISTEN_URL (a direct PostgreSQL URL, with DB_POOLER=transaction)')
  if (missing.length) {
    throw new Error(`Production needs real services; missing: ${missing.join(', ')}`)
  }
}
