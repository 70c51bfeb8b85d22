import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { authThrottle } from '#start/limiter'

const AuthenticationController = () => import('#controllers/api/authentication_controller')
const TokensController = () => import('#controllers/api/tokens_controller')
const UsersController = () => import('#controllers/api/users_controller')
const PasswordResetsController = () => import('#controllers/api/password_resets_controller')
const AuthProvidersController = () => import('#controllers/api/auth_providers_controller')
const DocsController = () => import('#controllers/api/docs_controller')
const DecksController = () => import('#controllers/api/decks_controller')
const DeckArchivesController = () => import('#controllers/api/deck_archives_controller')
const FoldersController = () => import('#controllers/api/folders_controller')
const NotesController = () => import('#controllers/api/notes_controller')
const NoteBulkController = () => import('#controllers/api/note_bulk_controller')
const CardAttachmentsController = () => import('#controllers/api/card_attachments_controller')

/* Paths exactly as the spec's call tables write them, under /api. */
router
  .group(() => {
    router
      .group(() => {
        router.post('authentication/register_without_email', [AuthenticationController, 'registerGuest']).as('register_guest')
        router.post('authentication/register_with_email_and_pass', [AuthenticationController, 'registerWithEmail']).as('register_email')
        router.post('authentication/login_with_provider', [AuthenticationController, 'loginWithProvider']).as('login_with_provider')
        router.post('auth/google', [AuthenticationController, 'google']).as('google')
        router.post('auth/reset-password', [PasswordResetsController, 'store']).as('reset_password.store')
        router.get('auth/reset-password/:token', [PasswordResetsController, 'show']).as('reset_password.show')
        router.put('auth/reset-password/:token', [PasswordResetsController, 'update']).as('reset_password.update')
      })
      .use(authThrottle)

    router
      .group(() => {
        router.post('tokens/validate', [TokensController, 'validate']).as('tokens.validate')
        router.post('authentication/logout', [AuthenticationController, 'logout']).as('logout')
        router.get('users/me', [UsersController, 'me']).as('users.me')
        router.put('users/:id', [UsersController, 'update']).as('users.update')
        router.delete('users/:id', [UsersController, 'destroy']).as('users.destroy')
        router.get('auth_providers', [AuthProvidersController, 'index']).as('auth_providers.index')
        router.delete('auth_providers/:provider', [AuthProvidersController, 'destroy']).as('auth_providers.destroy')

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
        router.post('decks/:id/reset_progress', [DecksController, 'resetProgress']).as('decks.reset_progress')
        router.post('decks/:id/report', [DecksController, 'report']).as('decks.report')
        router.post('decks/:id/archive', [DeckArchivesController, 'store']).as('decks.archive')
        router.post('decks/:id/restore', [DeckArchivesController, 'destroy']).as('decks.restore')

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
        router.get('notes/find_duplicates', [NotesController, 'findDuplicates']).as('notes.find_duplicates')
        router.delete('notes/bulk_destroy', [NoteBulkController, 'destroy']).as('notes.bulk_destroy')
        router.post('notes/bulk_freeze', [NoteBulkController, 'freeze']).as('notes.bulk_freeze')
        router.post('notes/bulk_unfreeze', [NoteBulkController, 'unfreeze']).as('notes.bulk_unfreeze')
        router.post('notes/bulk_move', [NoteBulkController, 'move']).as('notes.bulk_move')
        router.post('notes/bulk_duplicate', [NoteBulkController, 'duplicate']).as('notes.bulk_duplicate')
        router.post('notes/bulk_action', [NoteBulkController, 'action']).as('notes.bulk_action')
        router.get('notes/:id', [NotesController, 'show']).as('notes.show')
        router.put('notes/:id', [NotesController, 'update']).as('notes.update')
        router.post('card_attachments', [CardAttachmentsController, 'store']).as('card_attachments.store')
      })
      .use(middleware.apiAuth())

    router.get('openapi.json', [DocsController, 'openapi']).as('openapi')
    router.get('docs', [DocsController, 'page']).as('docs')
    router.any('*', [DocsController, 'notFound']).as('not_found')
  })
  .prefix('/api')
  .as('api')
