import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const LearningPageController = () => import('#controllers/learning/learning_page_controller')
const LearnCardsController = () => import('#controllers/learning/learn_cards_controller')

/*
 * The learning page and the JSON calls it makes with the web session (and
 * the XSRF header): the same actions as the apps' /api learning door.
 */
router
  .group(() => {
    router
      .get('/decks/:id/learn', [LearningPageController, 'show'])
      .as('learn.show')
      .where('id', router.matchers.number())

    router
      .group(() => {
        router.get('/learn/:deckId/cards', [LearningPageController, 'cards']).as('learn.cards')
        router.post('/learn/:deckId/answer', [LearningPageController, 'answer']).as('learn.answer')
        router.delete('/learn/:deckId/undo', [LearningPageController, 'undo']).as('learn.undo')
      })
      .where('deckId', router.matchers.number())
    router
      .post('/learn/tutorial_seen', [LearningPageController, 'tutorialSeen'])
      .as('learn.tutorial_seen')

    router
      .group(() => {
        router
          .get('/learn/cards/:id/fields', [LearnCardsController, 'fields'])
          .as('learn.cards.fields')
        router.put('/learn/cards/:id', [LearnCardsController, 'update']).as('learn.cards.update')
        router
          .delete('/learn/cards/:id', [LearnCardsController, 'destroy'])
          .as('learn.cards.destroy')
        router
          .post('/learn/cards/:id/freeze', [LearnCardsController, 'freeze'])
          .as('learn.cards.freeze')
        router.post('/learn/cards/:id/move', [LearnCardsController, 'move']).as('learn.cards.move')
        router.put('/learn/cards/:id/flag', [LearnCardsController, 'flag']).as('learn.cards.flag')
        router.post('/learn/cards/:id/bury', [LearnCardsController, 'bury']).as('learn.cards.bury')
        router
          .get('/learn/cards/:id/stats', [LearnCardsController, 'stats'])
          .as('learn.cards.stats')
      })
      .where('id', router.matchers.number())
  })
  .use([middleware.auth(), middleware.keepFlash()])
