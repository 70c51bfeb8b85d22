import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { authThrottle } from '#start/limiter'

const AuthenticationController = () => import('#controllers/api/auth/authentication_controller')
const TokensController = () => import('#controllers/api/auth/tokens_controller')
const UsersController = () => import('#controllers/api/users/users_controller')
const PasswordResetsController = () => import('#controllers/api/auth/password_resets_controller')
const AuthProvidersController = () => import('#controllers/api/auth/auth_providers_controller')
const DocsController = () => import('#controllers/api/openapi/docs_controller')
const HealthController = () => import('#controllers/api/health/health_controller')
const DecksController = () => import('#controllers/api/decks/decks_controller')
const DeckArchivesController = () => import('#controllers/api/decks/deck_archives_controller')
const OfflineDecksController = () => import('#controllers/api/decks/offline_decks_controller')
const FoldersController = () => import('#controllers/api/folders/folders_controller')
const NotesController = () => import('#controllers/api/notes/notes_controller')
const NoteBulkController = () => import('#controllers/api/notes/note_bulk_controller')
const CardAttachmentsController = () => import('#controllers/api/media/card_attachments_controller')
const LearningController = () => import('#controllers/api/learning/learning_controller')
const StudyCardsController = () => import('#controllers/api/learning/study_cards_controller')
const AlgorithmSettingsController = () =>
  import('#controllers/api/decks/algorithm_settings_controller')
const DeckExportsController = () => import('#controllers/api/exports/deck_exports_controller')
const DeckImportsController = () => import('#controllers/api/imports/deck_imports_controller')

/* Paths exactly as the spec's call tables write them, under /api. */
router
  .group(() => {
    router
      .group(() => {
        router
          .post('authentication/register_without_email', [
            AuthenticationController,
            'registerGuest',
          ])
          .as('register_guest')
        router
          .post('authentication/register_with_email_and_pass', [
            AuthenticationController,
            'registerWithEmail',
          ])
          .as('register_email')
        router
          .post('authentication/login_with_provider', [
            AuthenticationController,
            'loginWithProvider',
          ])
          .as('login_with_provider')
        router.post('auth/google', [AuthenticationController, 'google']).as('google')
        router
          .post('auth/reset-password', [PasswordResetsController, 'store'])
          .as('reset_password.store')
        router
          .get('auth/reset-password/:token', [PasswordResetsController, 'show'])
          .as('reset_password.show')
        router
          .put('auth/reset-password/:token', [PasswordResetsController, 'update'])
          .as('reset_password.update')
      })
      .use([authThrottle, middleware.idempotent()])

    router
      .group(() => {
        router.post('tokens/validate', [TokensController, 'validate']).as('tokens.validate')
        router.post('authentication/logout', [AuthenticationController, 'logout']).as('logout')
        router.get('users/me', [UsersController, 'me']).as('users.me')
        router.put('users/:id', [UsersController, 'update']).as('users.update')
        router.delete('users/:id', [UsersController, 'destroy']).as('users.destroy')
        router.get('auth_providers', [AuthProvidersController, 'index']).as('auth_providers.index')
        router
          .delete('auth_providers/:provider', [AuthProvidersController, 'destroy'])
          .as('auth_providers.destroy')

        router.get('decks', [DecksController, 'index']).as('decks.index')
        router.post('decks', [DecksController, 'store']).as('decks.store')
        router.get('decks/polling', [DecksController, 'polling']).as('decks.polling')
        router.get('decks/light_collection', [DecksController, 'light']).as('decks.light')
        router.get('decks/archived', [DecksController, 'archived']).as('decks.archived')
        router.post('decks/move_deck', [DecksController, 'move']).as('decks.move')
        router.post('decks/reorder', [DecksController, 'reorder']).as('decks.reorder')
        router.get('decks/:id', [DecksController, 'show']).as('decks.show')
        router.put('decks/:id', [DecksController, 'update']).as('decks.update')
        router.delete('decks/:id', [DecksController, 'destroy']).as('decks.destroy')
        router.post('decks/:id/duplicate', [DecksController, 'duplicate']).as('decks.duplicate')
        router
          .post('decks/:id/reset_progress', [DecksController, 'resetProgress'])
          .as('decks.reset_progress')
        router.post('decks/:id/report', [DecksController, 'report']).as('decks.report')
        router.post('decks/:id/archive', [DeckArchivesController, 'store']).as('decks.archive')
        router.post('decks/:id/restore', [DeckArchivesController, 'destroy']).as('decks.restore')
        router.get('decks/:id/offline', [OfflineDecksController, 'show']).as('decks.offline')

        router.get('folders', [FoldersController, 'index']).as('folders.index')
        router.post('folders', [FoldersController, 'store']).as('folders.store')
        router.post('folders/reorder', [FoldersController, 'reorder']).as('folders.reorder')
        router.get('folders/:id', [FoldersController, 'show']).as('folders.show')
        router.put('folders/:id', [FoldersController, 'update']).as('folders.update')
        router.delete('folders/:id', [FoldersController, 'destroy']).as('folders.destroy')

        router.get('notes', [NotesController, 'index']).as('notes.index')
        router.post('notes', [NotesController, 'store']).as('notes.store')
        router.post('notes/preview', [NotesController, 'preview']).as('notes.preview')
        router.post('notes/bulk_create', [NotesController, 'bulkCreate']).as('notes.bulk_create')
        router.get('notes/cards', [NotesController, 'cards']).as('notes.cards')
        router
          .get('notes/find_duplicates', [NotesController, 'findDuplicates'])
          .as('notes.find_duplicates')
        router
          .delete('notes/bulk_destroy', [NoteBulkController, 'destroy'])
          .as('notes.bulk_destroy')
        router.post('notes/bulk_freeze', [NoteBulkController, 'freeze']).as('notes.bulk_freeze')
        router
          .post('notes/bulk_unfreeze', [NoteBulkController, 'unfreeze'])
          .as('notes.bulk_unfreeze')
        router.post('notes/bulk_move', [NoteBulkController, 'move']).as('notes.bulk_move')
        router
          .post('notes/bulk_duplicate', [NoteBulkController, 'duplicate'])
          .as('notes.bulk_duplicate')
        router.post('notes/bulk_action', [NoteBulkController, 'action']).as('notes.bulk_action')
        router.get('notes/:id', [NotesController, 'show']).as('notes.show')
        router.put('notes/:id', [NotesController, 'update']).as('notes.update')
        router
          .post('card_attachments', [CardAttachmentsController, 'store'])
          .as('card_attachments.store')

        router.get('v2/learning/start', [LearningController, 'start']).as('learning.start')
        router.get('v2/learning/cards', [LearningController, 'cards']).as('learning.cards')
        router.get('learning/cards', [LearningController, 'cards']).as('learning.cards_v1')
        router.post('v2/learning/answer', [LearningController, 'answer']).as('learning.answer')
        router.delete('learning/undo', [LearningController, 'undo']).as('learning.undo')
        router
          .post('learning/log_cards_review', [LearningController, 'logReviews'])
          .as('learning.log_cards_review')
        router
          .post('learning/tutorial_seen', [LearningController, 'tutorialSeen'])
          .as('learning.tutorial_seen')
        router.put('cards/:id', [StudyCardsController, 'update']).as('cards.update')
        router.delete('cards/:id/suspend', [StudyCardsController, 'suspend']).as('cards.suspend')
        router.get('cards/:id/stats', [StudyCardsController, 'stats']).as('cards.stats')
        router.put('cards/:id/flag', [StudyCardsController, 'flag']).as('cards.flag')
        router.post('cards/:id/bury', [StudyCardsController, 'bury']).as('cards.bury')
        router.post('deck_imports', [DeckImportsController, 'store']).as('deck_imports.store')
        router.get('deck_imports', [DeckImportsController, 'index']).as('deck_imports.index')
        router.get('deck_imports/:id', [DeckImportsController, 'show']).as('deck_imports.show')
        router
          .post('deck_imports/:id/retry', [DeckImportsController, 'retry'])
          .as('deck_imports.retry')
        router
          .delete('deck_imports/:id', [DeckImportsController, 'destroy'])
          .as('deck_imports.destroy')
        router.post('deck_exports', [DeckExportsController, 'store']).as('deck_exports.store')
        router.get('deck_exports/csv/:id', [DeckExportsController, 'csv']).as('deck_exports.csv')
        router.get('deck_exports/:id', [DeckExportsController, 'show']).as('deck_exports.show')
        router
          .get('algorithm_settings/:deckId', [AlgorithmSettingsController, 'show'])
          .as('algorithm_settings.show')
        router
          .put('algorithm_settings/:deckId', [AlgorithmSettingsController, 'update'])
          .as('algorithm_settings.update')
      })
      .use([middleware.apiAuth(), middleware.idempotent()])

    /* for load balancers and uptime checks: liveness touches nothing, readiness asks PostgreSQL and Redis */
    router.get('health', [HealthController, 'health']).as('health')
    router.get('ready', [HealthController, 'ready']).as('ready')
    router.get('openapi.json', [DocsController, 'openapi']).as('openapi')
    router.get('docs', [DocsController, 'page']).as('docs')
    router.any('*', [DocsController, 'notFound']).as('not_found')
  })
  .prefix('/api')
  .as('api')
