import type { HttpContext } from '@adonisjs/core/http'
import {
  errorText,
  failure,
  isObject,
  readBody,
  requestOf,
  success,
  type ActionHandler,
} from '#controllers/ankiconnect/protocol'
import { miscActions, requestPermission } from '#controllers/ankiconnect/misc_actions'
import { collectionActions } from '#controllers/ankiconnect/collection_actions'
import { noteActions } from '#controllers/ankiconnect/note_actions'
import { userOfAnkiConnectKey } from '#queries/ankiconnect/find_key'
import { ankiConnectRequests, ankiConnectWrongKeys } from '#services/ankiconnect'
import type User from '#models/user'

const ACTIONS: Record<string, ActionHandler> = {
  ...miscActions(() => Object.keys(ACTIONS).sort()),
  ...collectionActions,
  ...noteActions,
}

/**
 * POST /ankiconnect: the AnkiConnect door (issue 32 §3, docs/ankiconnect.md).
 * The learner's AnkiConnect key in the body is the only credential: no
 * cookie, session or CSRF token is read on this route, and any origin may
 * call it (config/cors.ts). A wrong or missing key is refused before any
 * action runs; only requestPermission answers without one.
 */
export default class AnkiConnectController {
  async handle(ctx: HttpContext) {
    const reply = await this.answer(ctx)
    /* JSON always, a bare result too (a number, a list), as AnkiConnect sends it */
    return ctx.response
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(JSON.stringify(reply === undefined ? null : reply))
  }

  private async answer(ctx: HttpContext) {
    const body = await readBody(ctx)
    const request = requestOf(body)
    if (body === null) return failure('the request must be a JSON object')
    if (request.action === 'requestPermission')
      return success(request.version, requestPermission({} as never))
    const key = isObject(body) ? body.key : undefined
    let user: User | null
    try {
      user = await userOfAnkiConnectKey(key)
      if (!user) {
        await ankiConnectWrongKeys().consume(`ankiconnect:wrong:${ctx.request.ip()}`)
        return failure('valid api key must be provided')
      }
      await ankiConnectRequests().consume(`ankiconnect:${user.id}`)
    } catch (error) {
      return failure(errorText(error))
    }
    return this.run(user, body)
  }

  /** One request (also each of a multi's), answered as AnkiConnect answers it. */
  private async run(user: User, body: unknown): Promise<unknown> {
    const request = requestOf(body)
    const handler = typeof request.action === 'string' ? ACTIONS[request.action] : undefined
    if (!handler || !Object.hasOwn(ACTIONS, request.action as string))
      return failure('unsupported action')
    try {
      const result = await handler({
        user,
        params: request.params,
        version: request.version,
        run: (inner) => this.run(user, inner),
      })
      return success(request.version, result)
    } catch (error) {
      return failure(errorText(error))
    }
  }
}
