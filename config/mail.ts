import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, transports } from '@adonisjs/mail'
import { outboxTransport } from '#services/mail/outbox_transport'

/**
 * SMTP in production; elsewhere the "outbox" transport writes every message
 * as JSON under tmp/outbox so developers and tests can read the links.
 */
/* one outbox per environment, so tests never read development mail */
/*
 * in tests, one folder per port: two test runs in one checkout (each on its own PORT) never empty each other's
 * outbox
 */
export const outboxDirectory = app.tmpPath(
  'outbox',
  app.inTest ? `test-${process.env.PORT ?? 'default'}` : 'main'
)

const mailConfig = defineConfig({
  default: env.get('MAIL_MAILER', app.inProduction ? 'smtp' : 'outbox'),
  from: env.get('MAIL_FROM', 'Mnemo <no-reply@mnemo.local>'),
  mailers: {
    smtp: transports.smtp({
      host: env.get('SMTP_HOST', '127.0.0.1'),
      port: env.get('SMTP_PORT', 587),
      secure: env.get('SMTP_SECURE', false),
      auth: env.get('SMTP_USERNAME')
        ? { type: 'login', user: env.get('SMTP_USERNAME')!, pass: env.get('SMTP_PASSWORD', '') }
        : undefined,
    }),
    outbox: outboxTransport({ directory: outboxDirectory }),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
