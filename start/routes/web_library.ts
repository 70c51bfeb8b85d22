import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const LibraryPagesController = () => import('#controllers/library/library_pages_controller')
const LibraryDeckPageController = () => import('#controllers/library/library_deck_page_controller')
const PublicProfilePageController = () =>
  import('#controllers/library/public_profile_page_controller')
const SitemapController = () => import('#controllers/library/sitemap_controller')

/*
 * The library's pages: open to everyone, signed in or not; rating needs a sign-in. Fixed paths before
 * /library/:category/:subcategory.
 */
router.get('/library', [LibraryPagesController, 'home']).as('library.home')
router.get('/library/search', [LibraryPagesController, 'search']).as('library.search')
router.get('/library/a-z', [LibraryPagesController, 'alphabetical']).as('library.alphabetical')
router.get('/library/icons/:icon', [SitemapController, 'icon']).as('library.icon')
router.get('/library/decks/:slug', [LibraryDeckPageController, 'show']).as('library.deck')
router
  .post('/library/decks/:slug/rate', [LibraryDeckPageController, 'rate'])
  .as('library.deck.rate')
  .use(middleware.auth())
router
  .get('/library/:category/:subcategory', [LibraryPagesController, 'subcategory'])
  .as('library.subcategory')
router.get('/users/:id', [PublicProfilePageController, 'show']).as('users.profile')
router.get('/sitemap.xml', [SitemapController, 'show']).as('sitemap')
