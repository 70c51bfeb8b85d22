import vine from '@vinejs/vine'
import { USERNAME_MAX, USERNAME_PATTERN } from '#services/usernames'

/*
 * Field rules of the spec (section 5). Each failure has its own rule name,
 * which is both the API's `errors[].rule` and the translation key under
 * `validator.shared.messages`.
 */
const NAME_PATTERN = /^[\p{L}\p{N}.'’ -]+$/u
const NAME_MIN = 2
const PASSWORD_MIN = 8

const personNameRule = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  if (value.trim().length < NAME_MIN) field.report('Name too short', 'nameTooShort', field)
  else if (!NAME_PATTERN.test(value)) field.report('Invalid name', 'invalidName', field)
})

const passwordLengthRule = vine.createRule((value, _options, field) => {
  if (typeof value === 'string' && value.length < PASSWORD_MIN) {
    field.report('Password must be at least 8 characters long', 'passwordTooShort', field)
  }
})

const usernameRule = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  if (value.length > USERNAME_MAX) field.report('Username too long', 'usernameTooLong', field)
  else if (!USERNAME_PATTERN.test(value)) field.report('Invalid username', 'invalidUsername', field)
})

export const personName = () => vine.string().trim().maxLength(100).use(personNameRule())
export const email = () => vine.string().trim().email().maxLength(254).toLowerCase()
export const newPassword = () => vine.string().maxLength(128).use(passwordLengthRule())
export const username = () => vine.string().trim().toLowerCase().use(usernameRule())
