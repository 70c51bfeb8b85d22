import vine from '@vinejs/vine'
import { email, newPassword, personName } from '#validators/rules'

/* web: the sign-up page */
export const signUpValidator = vine.create({
  name: personName(),
  email: email(),
  password: newPassword().confirmed({ confirmationField: 'password_confirmation' }),
})

/* web: the sign-in page */
export const signInValidator = vine.create({
  email: email(),
  password: vine.string().maxLength(128),
})

export const emailOnlyValidator = vine.create({ email: email() })

export const newPasswordValidator = vine.create({
  password: newPassword().confirmed({ confirmationField: 'password_confirmation' }),
})

/* api: POST authentication/register_without_email */
export const guestRegistrationValidator = vine.create({
  experiments: vine.record(vine.string().maxLength(100)).optional(),
})

/* api: POST authentication/register_with_email_and_pass */
export const apiRegistrationValidator = vine.create({
  user: vine.object({
    email: email(),
    password: newPassword(),
    password_confirmation: vine.string().sameAs('password').optional(),
    name: personName().optional(),
  }),
})

/* api: POST authentication/login_with_provider */
export const loginWithProviderValidator = vine.create({
  kind: vine.enum(['email', 'apple', 'google', 'web_to_app'] as const),
  /* e-mail: {email, password}; Apple's credential names its user identifier `user` (a string) */
  user: vine
    .unionOfTypes([
      vine.object({
        email: email().optional(),
        password: vine.string().maxLength(128).optional(),
        name: vine.string().trim().maxLength(100).optional(),
      }),
      vine.string().maxLength(255),
    ])
    .optional(),
  /* Apple */
  identity_token: vine.string().maxLength(8192).optional(),
  authorization_code: vine.string().maxLength(2048).optional(),
  name: vine.string().trim().maxLength(100).optional(),
  /* Google: id token, web token or one-tap credential */
  id_token: vine.string().maxLength(8192).optional(),
  web_token: vine.string().maxLength(8192).optional(),
  credential: vine.string().maxLength(8192).optional(),
  /* web_to_app */
  email: email().optional(),
  code: vine.string().maxLength(200).optional(),
})

/* api: POST auth/google */
export const googleCredentialValidator = vine.create({
  credential: vine.string().maxLength(8192),
})

/* api: PUT auth/reset-password/{token} */
export const apiResetPasswordValidator = vine.create({
  password: newPassword(),
  password_confirmation: vine.string().sameAs('password').optional(),
  token: vine.string().maxLength(200).optional(),
})
