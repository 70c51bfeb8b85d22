import vine, { SimpleMessagesProvider } from '@vinejs/vine'

/* English fallback for validation outside a request (messages in requests come from i18n) */
vine.messagesProvider = new SimpleMessagesProvider({})

/*
 * Number() throws on an object whose toString and valueOf are not functions
 * (`{"toString": 1}` in a JSON body, which the fuzz test sends): such a value
 * is not a number, a 422 like any other, not a server error.
 */
const asNumber = vine.helpers.asNumber.bind(vine.helpers)
vine.helpers.asNumber = (value: unknown) => {
  try {
    return asNumber(value)
  } catch {
    return Number.NaN
  }
}
