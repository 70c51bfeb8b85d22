import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isApiRequest } from '#services/request_locale'

/*
 * the one parameter whose empty value is a value: the card search language's `search=` matches every
 * card (and then needs no deck_id: GET notes, GET notes/cards)
 */
const EMPTY_IS_A_VALUE = new Set(['search'])

/* a query value with nothing in it: `folder_id=`, `ids[]=`; nested objects are walked */
function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== '').map(withoutEmpty)
  if (value && typeof value === 'object') {
    const kept: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) if (item !== '') kept[key] = withoutEmpty(item)
    return kept
  }
  return value
}

/**
 * In the API an empty query value is an absent one: `destination_id=` or
 * `folder_id=` is what many HTTP libraries send for nil, and meant "not
 * given", not "an id that is not a number" (422). One place for every call,
 * before any validator reads the query; bodies are left as they are (an
 * empty string there is a value), and so is `search=`.
 */
export default class EmptyQueryMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    if (isApiRequest(ctx)) {
      const qs = ctx.request.qs()
      const kept = withoutEmpty(qs) as Record<string, unknown>
      for (const name of EMPTY_IS_A_VALUE) if (qs[name] === '') kept[name] = ''
      if (JSON.stringify(kept) !== JSON.stringify(qs)) ctx.request.updateQs(kept)
    }
    return next()
  }
}
