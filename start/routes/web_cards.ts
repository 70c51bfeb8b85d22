import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const CardBrowserController = () => import('#controllers/cards/card_browser_controller')

/* The card browser: every card the learner may see, found with the card search language, and its bulk actions. */
router
  .group(() => {
    router.get('/cards', [CardBrowserController, 'show']).as('cards.browse')
    router.post('/cards/bulk', [CardBrowserController, 'bulk']).as('cards.bulk')
  })
  .use(middleware.auth())
