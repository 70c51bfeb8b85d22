import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const StatisticsPageController = () => import('#controllers/study/statistics_page_controller')
const StreakPageController = () => import('#controllers/study/streak_page_controller')

/* The statistics and streak pages, and the streak popup's "shown today" call. */
router
  .group(() => {
    router.get('/statistics', [StatisticsPageController, 'show']).as('statistics.show')
    router.get('/streak', [StreakPageController, 'show']).as('streak.show')
    router.post('/streak/shown', [StreakPageController, 'shown']).as('streak.shown')
  })
  .use(middleware.auth())
