import { checkReadiness } from '#services/readiness'
import ApiException from '#exceptions/api_exception'
import AcknowledgementTransformer from '#transformers/acknowledgement_transformer'
import { serialize } from '#transformers/serialize'

/** The probes of load balancers and orchestrators: no session, no token, no access check. */
export default class HealthController {
  /* liveness: the process answers; nothing else is touched */
  async health() {
    return serialize(AcknowledgementTransformer.transform({ status: 'ok' }))
  }

  /* readiness: PostgreSQL (and Redis, when configured) answer; a 503 takes the node out of the rotation */
  async ready() {
    const { database, redis } = await checkReadiness()
    const unreachable = [!database && 'database', redis === false && 'redis']
      .filter(Boolean)
      .join(',')
    if (unreachable) throw ApiException.of('E_NOT_READY', { extra: { unreachable } })
    return serialize(AcknowledgementTransformer.transform({ status: 'ready' }))
  }
}
