import vine, { SimpleMessagesProvider } from '@vinejs/vine'

/* English fallback for validation outside a request (messages in requests come from i18n) */
vine.messagesProvider = new SimpleMessagesProvider({})
