import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const LibraryController = () => import('#controllers/api/library/library_controller')
const LibraryDecksController = () => import('#controllers/api/library/library_decks_controller')
const PublicProfilesController = () => import('#controllers/api/library/public_profiles_controller')

/*
 * The library under /api, imported before api.ts (whose /api/* catch-all
 * must come last). Reading needs no sign-in; rating does.
 */
router
  .group(() => {
    router.get('library/categories', [LibraryController, 'categories']).as('library.categories')
    router
      .get('library/search/popular', [LibraryController, 'popular'])
      .as('library.search.popular')
    router.get('library/search', [LibraryController, 'search']).as('library.search')
    router.get('v2/library', [LibraryController, 'home']).as('library.home')
    router
      .get('v2/library/categories/:category/:subcategory', [LibraryController, 'subcategory'])
      .as('library.subcategory')
    router
      .get('library_decks/alphabetical_search', [LibraryController, 'alphabetical'])
      .as('library_decks.alphabetical')
    router.get('library_decks/:id', [LibraryDecksController, 'show']).as('library_decks.show')
    router
      .get('library_decks/:id/notes', [LibraryDecksController, 'notes'])
      .as('library_decks.notes')
    router
      .get('library_decks/:id/cards', [LibraryDecksController, 'cards'])
      .as('library_decks.cards')
    router
      .get('library_decks/:id/similar_decks', [LibraryDecksController, 'similar'])
      .as('library_decks.similar')
    router
      .get('library_decks/:id/rating', [LibraryDecksController, 'rating'])
      .as('library_decks.rating')
    router
      .get('library_decks/:id/reviews', [LibraryDecksController, 'reviews'])
      .as('library_decks.reviews')
    router
      .post('library_decks/:id/rate', [LibraryDecksController, 'rate'])
      .as('library_decks.rate')
      .use([middleware.apiAuth(), middleware.idempotent()])
    router
      .get('users/public_profile/:id', [PublicProfilesController, 'show'])
      .as('users.public_profile')
    router.get('guides/featured', [PublicProfilesController, 'guides']).as('guides.featured')
  })
  .prefix('/api')
  .as('api')
