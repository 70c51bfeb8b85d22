import vine from '@vinejs/vine'
import { EXPERIMENTS } from '#config/experiments'

export const adminTokenValidator = vine.compile(
  vine.object({
    email: vine.string().trim().maxLength(255),
    password: vine.string().maxLength(200),
  })
)

export const masqueradeValidator = vine.compile(
  vine.object({ user_id: vine.number().withoutDecimals().positive().max(2_147_483_647) })
)

/** experiment name → group, both known (config/experiments.ts); a null value removes the admin's own value */
export const updateSelfValidator = vine.compile(
  vine.object({
    user: vine.object({
      experiments: vine.record(vine.string().maxLength(100).nullable()).use(
        vine.createRule((value, _options, field) => {
          for (const [name, group] of Object.entries(value as Record<string, string | null>)) {
            const known = EXPERIMENTS[name] && (group === null || EXPERIMENTS[name].includes(group))
            if (!known) field.report('Choose one of the offered values', 'enum', field)
          }
        })()
      ),
    }),
  })
)

export const premiumOverrideValidator = vine.compile(
  vine.object({ premium: vine.boolean({ strict: true }).nullable() })
)

export const debugMenuValidator = vine.compile(
  vine.object({ debug_menu: vine.enum(['full', 'limited', 'none'] as const) })
)

export const userSearchValidator = vine.compile(
  vine.object({
    q: vine.string().trim().maxLength(100).optional(),
    page: vine.number().withoutDecimals().min(1).max(10_000).optional(),
  })
)
