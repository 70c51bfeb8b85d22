import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const NotesController = () => import('#controllers/notes/notes_controller')
const MediaController = () => import('#controllers/media/media_controller')

/* the note editor: pages, its form posts, and the two JSON calls it makes */
router
  .group(() => {
    router
      .get('/decks/:deckId/notes/new', [NotesController, 'create'])
      .as('notes.create')
      .where('deckId', router.matchers.number())
    router
      .post('/decks/:deckId/notes', [NotesController, 'store'])
      .as('notes.store')
      .where('deckId', router.matchers.number())
    router
      .get('/notes/:id/edit', [NotesController, 'edit'])
      .as('notes.edit')
      .where('id', router.matchers.number())
    router
      .put('/notes/:id', [NotesController, 'update'])
      .as('notes.update')
      .where('id', router.matchers.number())
    router.post('/notes/preview', [NotesController, 'preview']).as('notes.preview')
    router.post('/media', [NotesController, 'upload']).as('media.store')
  })
  .use([middleware.auth(), middleware.keepFlash()])

/* media checks the session or a bearer token itself, so the apps can load it too */
router
  .get('/media/:key', [MediaController, 'show'])
  .as('media.show')
  .where('key', /^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/)
