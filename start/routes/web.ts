import router from '@adonisjs/core/services/router'
import app from '@adonisjs/core/services/app'
import { middleware } from '#start/kernel'
import { authThrottle } from '#start/limiter'

const HomeController = () => import('#controllers/home_controller')
const SignUpController = () => import('#controllers/auth/sign_up_controller')
const SignInController = () => import('#controllers/auth/sign_in_controller')
const GuestController = () => import('#controllers/auth/guest_controller')
const SocialController = () => import('#controllers/auth/social_controller')
const PasswordResetController = () => import('#controllers/auth/password_reset_controller')
const LoginLinkController = () => import('#controllers/auth/login_link_controller')
const SettingsController = () => import('#controllers/settings/settings_controller')
const AccountController = () => import('#controllers/settings/account_controller')
const ExtensionController = () => import('#controllers/extension/extension_controller')
const AvatarsController = () => import('#controllers/settings/avatars_controller')
const SocialAccountsController = () => import('#controllers/settings/social_accounts_controller')
const OutboxController = () => import('#controllers/dev/outbox_controller')

router.get('/', [HomeController, 'index']).as('home')

router
  .group(() => {
    router.get('/get-started', [SignUpController, 'start']).as('auth.start')
    router.get('/sign-up', [SignUpController, 'show']).as('auth.sign_up')
    router.post('/sign-up', [SignUpController, 'store']).as('auth.sign_up.store').use(authThrottle)
    router.get('/sign-in', [SignInController, 'show']).as('auth.sign_in')
    router.post('/sign-in', [SignInController, 'store']).as('auth.sign_in.store').use(authThrottle)
  })
  .use(middleware.guest())

router.post('/guest', [GuestController, 'store']).as('auth.guest').use(authThrottle)
router.post('/sign-out', [SignInController, 'destroy']).as('auth.sign_out').use(middleware.auth())

router.get('/auth/google/redirect', [SocialController, 'googleRedirect']).as('auth.google.redirect')
router
  .get('/auth/google/callback', [SocialController, 'googleCallback'])
  .as('auth.google.callback')
  .use(authThrottle)
router.get('/auth/apple/redirect', [SocialController, 'appleRedirect']).as('auth.apple.redirect')
router
  .post('/auth/apple/callback', [SocialController, 'appleCallback'])
  .as('auth.apple.callback')
  .use(authThrottle)
router.get('/auth/link/:token', [LoginLinkController, 'show']).as('auth.link')
router
  .post('/auth/link/:token', [LoginLinkController, 'store'])
  .as('auth.link.store')
  .use(authThrottle)

router.get('/forgot-password', [PasswordResetController, 'create']).as('password.request')
router
  .post('/forgot-password', [PasswordResetController, 'store'])
  .as('password.email')
  .use(authThrottle)
router.get('/forgot-password/sent', [PasswordResetController, 'sent']).as('password.sent')
router.get('/reset-password/success', [PasswordResetController, 'success']).as('password.success')
router.get('/reset-password/:token', [PasswordResetController, 'edit']).as('password.reset')
router
  .post('/reset-password/:token', [PasswordResetController, 'update'])
  .as('password.update')
  .use(authThrottle)

/* appearance and language work signed out too (kept in cookies) */
router.get('/settings', [SettingsController, 'show']).as('settings.show')
router
  .put('/settings/appearance', [SettingsController, 'updateAppearance'])
  .as('settings.appearance')
router.put('/settings/language', [SettingsController, 'updateLanguage']).as('settings.language')
router
  .put('/settings/easy_days', [SettingsController, 'updateEasyDays'])
  .as('settings.easy_days')
  .use(middleware.auth())
/* a new AnkiConnect key (docs/ankiconnect.md) */
router
  .post('/settings/ankiconnect_key', [SettingsController, 'renewAnkiConnectKey'])
  .as('settings.ankiconnect_key')
  .use(middleware.auth())

router
  .group(() => {
    router.get('/account', [AccountController, 'show']).as('account.show')
    router.put('/account/profile', [AccountController, 'updateProfile']).as('account.profile')
    router.put('/account/password', [AccountController, 'updatePassword']).as('account.password')
    router.delete('/account', [AccountController, 'destroy']).as('account.destroy')
    router.post('/account/avatar', [AvatarsController, 'store']).as('account.avatar')
    router
      .delete('/account/social/:provider', [SocialAccountsController, 'destroy'])
      .as('account.social.destroy')
    /* the browser extension's sign-in ends here (`/sign-in?extension=1` leads to it) */
    router.get('/extension/connected', [ExtensionController, 'show']).as('extension.connected')
    router.post('/extension/token', [ExtensionController, 'token']).as('extension.token')
  })
  .use(middleware.auth())

router
  .get('/avatars/:id', [AvatarsController, 'show'])
  .as('avatars.show')
  .where('id', router.matchers.number())

/*
 * Development tools (development and tests, which read mail from the outbox
 * and check the server-error page's accessibility); never in production
 */
if (!app.inProduction) {
  router.get('/dev/outbox', [OutboxController, 'index']).as('dev.outbox')
  router
    .get('/dev/server-error', () => {
      throw new Error('the server-error page, shown on purpose (development only)')
    })
    .as('dev.server_error')
}
