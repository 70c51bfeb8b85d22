import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const StreaksController = () => import('#controllers/api/study/streaks_controller')
const StatisticsController = () => import('#controllers/api/study/statistics_controller')

/*
 * Streaks, statistics and the year in review, under /api like start/routes/api.ts.
 * Imported before api.ts in start/routes.ts: routes match in the order they
 * are registered, and api.ts ends with the /api/* catch-all (a 404).
 */
router
  .group(() => {
    router
      .group(() => {
        router.get('streaks', [StreaksController, 'index']).as('streaks.index')
        router
          .post('streaks/current_day_streak_shown', [StreaksController, 'shown'])
          .as('streaks.shown')
        router.get('statistics', [StatisticsController, 'show']).as('statistics.show')
        /* a fixed path, registered ahead of any users/:id */
        router.get('users/wrapped', [StatisticsController, 'wrapped']).as('users.wrapped')
      })
      .use([middleware.apiAuth(), middleware.idempotent()])
  })
  .prefix('/api')
  .as('api')
