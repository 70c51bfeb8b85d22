import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ClientPagesController = () => import('#controllers/client/client_pages_controller')
const WrappedShareController = () => import('#controllers/client/wrapped_share_controller')
const AccountController = () => import('#controllers/settings/account_controller')

/*
 * Help, what's new, notices (open to everyone); the year in review, feedback, the reminder, the public
 * profile's fields (signed in).
 */
router.get('/help', [ClientPagesController, 'help']).as('help.show')
router.get('/whats-new', [ClientPagesController, 'whatsNew']).as('whats_new.show')
router
  .post('/notices/:name/dismiss', [ClientPagesController, 'dismissNotice'])
  .as('notices.dismiss')
router.post('/banners/:id/dismiss', [ClientPagesController, 'dismissBanner']).as('banners.dismiss')
/* the e-mail's one-click unsubscribe: the signature is the credential */
router
  .get('/reminders/unsubscribe/:id', [ClientPagesController, 'unsubscribe'])
  .as('reminders.unsubscribe')
  .where('id', router.matchers.number())
router
  .post('/reminders/unsubscribe/:id', [ClientPagesController, 'unsubscribe'])
  .as('reminders.unsubscribe.post')
  .where('id', router.matchers.number())

router
  .group(() => {
    router.get('/wrapped', [ClientPagesController, 'wrapped']).as('wrapped.show')
    router.get('/wrapped/share.png', [WrappedShareController, 'web']).as('wrapped.share')
    router.post('/feedback', [ClientPagesController, 'feedback']).as('feedback.store')
    router
      .post('/feedback/request/dismiss', [ClientPagesController, 'dismissFeedbackRequest'])
      .as('feedback.request.dismiss')
    router
      .put('/settings/reminder', [ClientPagesController, 'updateReminder'])
      .as('settings.reminder')
    router
      .put('/account/public-profile', [AccountController, 'updatePublicProfile'])
      .as('account.public_profile')
  })
  .use([middleware.auth(), middleware.keepFlash()])
