import env from '#start/env'
import { remoteFlag } from '#services/remote_flags'

/*
 * The publishing rules' numbers (spec 001 §5): the spec has the card minimum
 * as a remote flag with a default of 20: the flag min_publish_cards
 * (app/services/remote_flags.ts), which PUBLISH_MIN_CARDS still overrides
 * when set (a deployment pinning it). The description minimum is ours (the spec does not
 * give it).
 */
const publishingConfig = {
  get minCards(): number {
    return env.get('PUBLISH_MIN_CARDS') ?? remoteFlag('min_publish_cards')
  },
  minDescriptionLength: 50,
  maxDescriptionLength: 2000,
  /** a second clone of the same library deck within this window answers the first one (a retried request) */
  cloneRetryWindowSeconds: 60,
}

export default publishingConfig
