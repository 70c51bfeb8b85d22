import i18nManager from '@adonisjs/i18n/services/main'

const cache = new Map<string, Record<string, string>>()

/** The `ui.*` translations a page needs, with English filling any gap. */
export function clientMessages(locale: string) {
  let messages = cache.get(locale)
  if (!messages) {
    const pick = (source: Record<string, string>) =>
      Object.fromEntries(Object.entries(source).filter(([key]) => key.startsWith('ui.')))
    messages = {
      ...pick(i18nManager.getTranslationsFor('en')),
      ...pick(i18nManager.getTranslationsFor(locale)),
    }
    cache.set(locale, messages)
  }
  return messages
}
