/* accounts */
import type { Operations } from '#services/openapi/operation'
import {
  apiRegistrationValidator,
  apiResetPasswordValidator,
  emailOnlyValidator,
  googleCredentialValidator,
  guestRegistrationValidator,
  loginWithProviderValidator,
} from '#validators/auth'
import { apiDeleteAccountValidator, apiUpdateUserValidator } from '#validators/user'

export const accountOperations: Operations = {
  'POST /authentication/register_without_email': {
    summary: 'Create a guest account',
    body: guestRegistrationValidator,
    ok: { 201: 'SignedIn' },
    errors: [429],
  },
  'POST /authentication/register_with_email_and_pass': {
    summary:
      'Sign up with e-mail and password (a guest bearer token upgrades that account in place)',
    body: apiRegistrationValidator,
    ok: { 201: 'SignedIn' },
    errors: [429],
  },
  'POST /authentication/login_with_provider': {
    summary: 'Sign in: kind email, apple, google or web_to_app',
    description:
      'Sign in: kind email, apple, google or web_to_app (send email to get a link, then code to get a ' +
      'token)',
    body: loginWithProviderValidator,
    ok: { 200: 'SignedIn', 202: 'LinkSent' },
    /* 503 E_PROVIDER_NOT_CONFIGURED: Google or Apple sign-in is not set up on this server */
    errors: [400, 503, 409, 410, 429],
  },
  'POST /auth/google': {
    summary: 'Sign in with a Google credential (one-tap / id token)',
    body: googleCredentialValidator,
    ok: { 200: 'SignedIn' },
    errors: [400, 503],
  },
  'POST /auth/reset-password': {
    summary: 'E-mail a single-use reset link (same answer whether or not the address exists)',
    body: emailOnlyValidator,
    ok: { 202: 'LinkSent' },
    errors: [429],
  },
  'GET /auth/reset-password/{token}': {
    summary: 'Whether a reset link is still valid',
    ok: { 200: 'ResetLinkValidity' },
    errors: [410],
  },
  'PUT /auth/reset-password/{token}': {
    summary: 'Set the new password with a reset link',
    body: apiResetPasswordValidator,
    ok: { 200: 'PasswordReset' },
    errors: [410],
  },
  'POST /tokens/validate': {
    summary: 'Check the bearer token',
    ok: { 200: 'TokenValidity' },
  },
  'POST /authentication/logout': {
    summary: 'Revoke the token in use',
    ok: { 204: null },
  },
  'GET /users/me': {
    summary: 'The signed-in user',
    ok: { 200: 'User' },
  },
  'PUT /users/{id}': {
    summary: 'Update the own account',
    description:
      'Update the own account: time-zone offset, password, profile, public links, study reminder, avatar ' +
      '(multipart `avatar` or `user[avatar]`, ≤ 10 MB); all or nothing. Every field may come flat (the ' +
      "spec's `{password}`, `{name, username, email}`, `{timezone_offset}`) or inside `user` (which wins). " +
      'Changing the password or the e-mail of an account that has a password needs `current_password` ' +
      '(422 E_WRONG_PASSWORD on current_password: "Enter your current password…" when absent); a guest ' +
      'or Google/Apple account without one sets its first password without it. A field the server cannot ' +
      'apply is 422 E_VALIDATION_ERROR naming it (`nickname`, `user.photo_url`; `id`/`user_id` only as ' +
      'the own id), never a 200 that changed nothing. 422 E_REMINDER_TIME_REQUIRED: the reminder turned ' +
      'on without a time',
    body: apiUpdateUserValidator,
    multipart: apiUpdateUserValidator,
    ok: { 200: 'User' },
    errors: [404],
  },
  'DELETE /users/{id}': {
    summary: 'Delete the own account and everything it owns',
    description:
      'Delete the own account and everything it owns. No payload (the spec); a confirmation, when sent, ' +
      'must be the own username',
    body: apiDeleteAccountValidator,
    ok: { 204: null },
    errors: [404],
  },
  'GET /auth_providers': {
    summary: 'Connected Google and Apple accounts',
    ok: { 200: 'AuthProviders' },
  },
  'DELETE /auth_providers/{provider}': {
    summary: 'Disconnect a provider (refused when it is the last way to sign in)',
    ok: { 200: 'AuthProviders' },
    errors: [404, 409],
  },
  'GET /openapi.json': {
    summary: 'This document',
    ok: { 200: { media: 'application/json', description: 'This document' } },
  },
  'GET /docs': {
    summary: 'A readable page of this document',
    ok: { 200: { media: 'text/html', description: 'A readable page of this document' } },
  },
}
