/**
 * URLs built from the server's route names, through the registry that
 * `npm run codegen` writes from start/routes (.adonisjs/client/registry,
 * imported as `~registry`: an alias in vite.config.ts and inertia/tsconfig.json):
 * a renamed route, or a changed parameter, breaks the typecheck here rather
 * than a link at runtime. The JSON replies the pages read are typed from the
 * generated Data types of the transformers that make them (~generated/data).
 *
 * Links: `<Link route="decks.show" routeParams={{ id }}>` (the
 * @adonisjs/inertia Link, through the provider in app.tsx); visits, forms and
 * fetches: `urlFor('decks.update', { id })`.
 */
import { createTuyau } from '@tuyau/core/client'
import { registry } from '~registry'

/* only the URL builder is used: the requests go through Inertia and lib/http, so the base URL is never read */
export const tuyau = createTuyau({ baseUrl: '/', registry })
export const urlFor = tuyau.urlFor
