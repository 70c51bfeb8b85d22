import { webOnly } from '#middleware/web_only'

/*
 * CSRF and the pages' security headers; after the body parser, as a plain form post carries its CSRF token in
 * its body
 */
export default webOnly([
  () => import('@adonisjs/shield/shield_middleware'),
  () => import('#middleware/page_policies_middleware'),
])
