import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { authThrottle } from '#start/limiter'

const AuthenticationController = () => import('#controllers/api/authentication_controller')
const TokensController = () => import('#controllers/api/tokens_controller')
const UsersController = () => import('#controllers/api/users_controller')
const PasswordResetsController = () => import('#controllers/api/password_resets_controller')
const AuthProvidersController = () => import('#controllers/api/auth_providers_controller')
const DocsController = () => import('#controllers/api/docs_controller')

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
      })
      .use(middleware.apiAuth())

    router.get('openapi.json', [DocsController, 'openapi']).as('openapi')
    router.get('docs', [DocsController, 'page']).as('docs')
    router.any('*', [DocsController, 'notFound']).as('not_found')
  })
  .prefix('/api')
  .as('api')
