import { BaseTransformer } from '@adonisjs/core/transformers'

/** A page's toast messages (the Inertia middleware reads them from the session's flash). */
export type Flash = {
  id: string | null
  error: string | null
  errorBody: string | null
  success: string | null
  action: { label: string; href: string } | null
}

/** The shared `flash` prop: an error or a success, maybe a way on; `id` tells two identical visits apart. */
export default class FlashTransformer extends BaseTransformer<Flash> {
  toObject() {
    const { action, ...messages } = this.resource
    return { ...messages, action: action && { label: action.label, href: action.href } }
  }
}
