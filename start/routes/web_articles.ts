import router from '@adonisjs/core/services/router'

const ArticlesController = () => import('#controllers/marketing/articles_controller')

/* The guides, the solutions and the blog: open to everyone, signed in or not. */
router.get('/guides', [ArticlesController, 'guides']).as('guides.index')
router.get('/guides/:slug', [ArticlesController, 'guide']).as('guides.show')
router.get('/solutions/:slug', [ArticlesController, 'solution']).as('solutions.show')
router.get('/blog', [ArticlesController, 'blog']).as('blog.index')
router.get('/blog/:slug', [ArticlesController, 'post']).as('blog.show')
