import { I18n } from '@adonisjs/i18n'
import i18nManager from '@adonisjs/i18n/services/main'
import type { NextFn } from '@adonisjs/core/types/http'
import { type HttpContext, RequestValidator } from '@adonisjs/core/http'
import { resolveLocale } from '#services/request_locale'

/** Gives each request its translator; runs after silent auth so the user's choice counts. */
export default class DetectLocaleMiddleware {
  static {
    RequestValidator.messagesProvider = (ctx) => ctx.i18n.createMessagesProvider()
  }

  async handle(ctx: HttpContext, next: NextFn) {
    ctx.i18n = i18nManager.locale(resolveLocale(ctx))
    ctx.containerResolver.bindValue(I18n, ctx.i18n)
    return next()
  }
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    i18n: I18n
  }
}
