import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const DeckImportsController = () => import('#controllers/imports/deck_imports_controller')
const ImportPreviewsController = () => import('#controllers/imports/import_previews_controller')

/*
 * the home page's import dialog: JSON calls with the session and the XSRF header (bodyparser leaves the
 * upload's body to the controller)
 */
router
  .group(() => {
    router.post('/deck_imports', [DeckImportsController, 'store']).as('deck_imports.store')
    router
      .post('/deck_imports/preview', [ImportPreviewsController, 'store'])
      .as('deck_imports.preview')
    router
      .group(() => {
        router.get('/deck_imports/:id', [DeckImportsController, 'show']).as('deck_imports.show')
        router
          .post('/deck_imports/:id/retry', [DeckImportsController, 'retry'])
          .as('deck_imports.retry')
        router
          .delete('/deck_imports/:id', [DeckImportsController, 'destroy'])
          .as('deck_imports.destroy')
      })
      .where('id', router.matchers.number())
  })
  .use([middleware.auth(), middleware.keepFlash()])
