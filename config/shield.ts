import { defineConfig } from '@adonisjs/shield'
import { pagePolicy } from '#services/content_security'

const shieldConfig = defineConfig({
  /* docs/decisions/0057-security-headers.md: scripts by nonce, everything else from the app's origin */
  csp: { enabled: true, directives: pagePolicy(), reportOnly: false },
  csrf: {
    enabled: true,
    /*
     * /api is bearer-token authenticated (no cookies), Apple posts its form back cross-site,
     * mail clients post the one-click unsubscribe (RFC 8058; its signed URL is the credential), AnkiConnect's
     * clients post their key (no cookie is read there)
     */
    exceptRoutes: (ctx) =>
      ctx.request.url().startsWith('/api/') ||
      ctx.request.url() === '/ankiconnect' ||
      ctx.request.url() === '/auth/apple/callback' ||
      ctx.request.url().startsWith('/reminders/unsubscribe/'),
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  xFrame: { enabled: true, action: 'DENY' },
  hsts: { enabled: true, maxAge: '180 days' },
  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
