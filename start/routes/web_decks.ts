import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { authThrottle } from '#start/limiter'

const DecksController = () => import('#controllers/decks/decks_controller')
const DeckArchivesController = () => import('#controllers/decks/deck_archives_controller')
const OfflineDecksController = () => import('#controllers/decks/offline_decks_controller')
const DeckNotesController = () => import('#controllers/decks/deck_notes_controller')
const FoldersController = () => import('#controllers/folders/folders_controller')
const AlgorithmSettingsController = () => import('#controllers/decks/algorithm_settings_controller')
const DeckExportsController = () => import('#controllers/decks/deck_exports_controller')
const ExportAddressesController = () => import('#controllers/exports/export_addresses_controller')

/* The deck list itself is the signed-in home page (GET /, home_controller). */
router
  .group(() => {
    router.get('/decks/archived', [DecksController, 'archived']).as('decks.archived')
    router.post('/decks', [DecksController, 'store']).as('decks.store')
    router.post('/decks/reorder', [DecksController, 'reorder']).as('decks.reorder')
    /* the answers the offline study page gave without a connection, replayed */
    router
      .post('/learn/offline_reviews', [OfflineDecksController, 'replay'])
      .as('learn.offline_reviews')

    router
      .group(() => {
        router.get('/decks/:id', [DecksController, 'show']).as('decks.show')
        router.put('/decks/:id', [DecksController, 'update']).as('decks.update')
        router.delete('/decks/:id', [DecksController, 'destroy']).as('decks.destroy')
        router.post('/decks/:id/duplicate', [DecksController, 'duplicate']).as('decks.duplicate')
        router.post('/decks/:id/move', [DecksController, 'move']).as('decks.move')
        router
          .post('/decks/:id/reset_progress', [DecksController, 'resetProgress'])
          .as('decks.reset_progress')
        router.post('/decks/:id/report', [DecksController, 'report']).as('decks.report')
        router.post('/decks/:id/archive', [DeckArchivesController, 'store']).as('decks.archive')
        router.delete('/decks/:id/archive', [DeckArchivesController, 'destroy']).as('decks.restore')
        router.post('/decks/:id/notes/bulk', [DeckNotesController, 'bulk']).as('decks.notes.bulk')
        /* offline study: the tree's cards a page at a time, as JSON (docs/api.md "Offline decks") */
        router.get('/decks/:id/offline', [OfflineDecksController, 'show']).as('decks.offline')
        /* GET answers the algorithm dialog's JSON; PUT is its form */
        router
          .get('/decks/:id/algorithm', [AlgorithmSettingsController, 'show'])
          .as('decks.algorithm.show')
        router
          .put('/decks/:id/algorithm', [AlgorithmSettingsController, 'update'])
          .as('decks.algorithm.update')
        router
          .post('/decks/:id/exports', [DeckExportsController, 'store'])
          .as('decks.exports.store')
      })
      .where('id', router.matchers.number())

    router.post('/folders', [FoldersController, 'store']).as('folders.store')
    router.post('/folders/reorder', [FoldersController, 'reorder']).as('folders.reorder')
    /* the learner's exports, and their files by session (the list's download buttons) */
    router.get('/exports', [DeckExportsController, 'index']).as('exports.index')
    router
      .get('/exports/:id/file', [DeckExportsController, 'file'])
      .as('exports.file')
      .where('id', router.matchers.number())
    /* the export dialog: which addresses need no confirmation */
    router.get('/exports/addresses', [ExportAddressesController, 'index']).as('exports.addresses')

    router
      .put('/folders/:id', [FoldersController, 'update'])
      .as('folders.update')
      .where('id', router.matchers.number())
    router
      .delete('/folders/:id', [FoldersController, 'destroy'])
      .as('folders.destroy')
      .where('id', router.matchers.number())
  })
  .use([middleware.auth(), middleware.keepFlash()])

/* the e-mailed export link: signed, so it works without a session (another browser, a download manager) */
router
  .get('/exports/:id/download', [DeckExportsController, 'download'])
  .as('exports.download')
  .where('id', router.matchers.number())

/* the link mailed to an export address: whoever reads that mailbox confirms it, signed in or not */
router.get('/exports/confirm/:token', [ExportAddressesController, 'show']).as('exports.confirm')
router
  .post('/exports/confirm/:token', [ExportAddressesController, 'store'])
  .as('exports.confirm.store')
  .use(authThrottle)
