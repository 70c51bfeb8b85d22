/**
 * URLs built from the server's route names, through the registry that
 * `npm run codegen` writes from start/routes (.adonisjs/client/registry,
 * imported as `~registry`: an alias in vite.config.ts and inertia/tsconfig.json):
 * a renamed route, or a changed parameter, breaks the typecheck here rather
 * than a link at runtime. The JSON replies the pages read are typed from the
 * controllers behind those routes (`ReplyOf`), so no page re-declares them.
 *
 * Links: `<Link route="decks.show" routeParams={{ id }}>` (the
 * @adonisjs/inertia Link, through the provider in app.tsx); visits, forms and
 * fetches: `urlFor('decks.update', { id })`.
 */
import { createTuyau } from '@tuyau/core/client'
import type { InferRoutes, UserRegistry } from '@tuyau/core/types'
import { registry } from '~registry'

/* only the URL builder is used: the requests go through Inertia and lib/http, so the base URL is never read */
export const tuyau = createTuyau({ baseUrl: '/', registry })
export const urlFor = tuyau.urlFor

type Routes = InferRoutes<UserRegistry>
type RouteName = keyof Routes & string
/**
 * A server shape as its JSON reads: interfaces become plain object types,
 * which Inertia's render() takes for props (an interface has no index
 * signature, so it is not a JSON record to the type checker).
 */
export type Plain<T> = T extends readonly (infer Item)[] ? Plain<Item>[] : T extends object ? { [K in keyof T]: Plain<T[K]> } : T

/** The JSON a route's controller answers with (its success reply). */
export type ReplyOf<Name extends RouteName> = Plain<Routes[Name]['types']['response']>
