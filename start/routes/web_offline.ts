import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const OfflinePageController = () => import('#controllers/offline/offline_page_controller')

/*
 * The offline study page (docs/offline.md): the shell the service worker keeps and answers with when a
 * navigation finds no network; its decks, cards and answers are on the device.
 */
router.get('/offline', [OfflinePageController, 'show']).as('offline.study').use([middleware.auth()])
