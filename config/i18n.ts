import app from '@adonisjs/core/services/app'
import { defineConfig, formatters, loaders } from '@adonisjs/i18n'

export const LOCALES = ['en', 'de', 'pt', 'es', 'fr'] as const
export type Locale = (typeof LOCALES)[number]

const i18nConfig = defineConfig({
  defaultLocale: 'en',
  supportedLocales: [...LOCALES],
  fallbackLocales: { de: 'en', pt: 'en', es: 'en', fr: 'en' },
  formatter: formatters.icu(),
  loaders: [loaders.fs({ location: app.languageFilesPath() })],
})

export default i18nConfig
