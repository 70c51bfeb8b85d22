import env from '#start/env'

/**
 * Production runs on real services only: no embedded database, Redis for
 * sessions, rate limits and jobs, and real SMTP.
 */
export function assertProductionServices() {
  const missing: string[] = []
  if (!env.get('DATABASE_URL') && !env.get('DB_HOST')) missing.push('DATABASE_URL or DB_HOST')
  if (!env.get('REDIS_URL')) missing.push('REDIS_URL')
  if (env.get('MAIL_MAILER', 'smtp') === 'smtp' && !env.get('SMTP_HOST')) missing.push('SMTP_HOST')
  if (!env.get('APP_URL')) missing.push('APP_URL')
  if (missing.length) {
    throw new Error(`Production needs real services; missing: ${missing.join(', ')}`)
  }
}
