import type User from '#models/user'

/** The signed-in user's appearance or language, kept on the account (the door keeps it in a cookie too). */
export async function rememberPreference(
  user: User,
  input: { field: 'theme' | 'locale'; value: string }
) {
  user[input.field] = input.value
  await user.save()
}
