import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const SharedDecksController = () => import('#controllers/participants/shared_decks_controller')
const EmbedController = () => import('#controllers/participants/embed_controller')

/* A participant leaving a shared deck, the owner's embed snippet, and the embed page itself (no sign-in). */
router
  .group(() => {
    router.delete('/decks/:id/shared', [SharedDecksController, 'destroy']).as('decks.leave_shared')
    router.get('/decks/:id/embed', [EmbedController, 'snippet']).as('decks.embed_snippet')
  })
  .where('id', router.matchers.number())
  .use(middleware.auth())

router.get('/embed/:token', [EmbedController, 'show']).as('embed.show')
