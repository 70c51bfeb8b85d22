import env from '#start/env'

/*
 * The publishing rules' numbers (spec 001 §5): the spec has the card minimum
 * as a remote flag with a default of 20; here it is a setting with an
 * environment override. The description minimum is ours (the spec does not
 * give it).
 */
const publishingConfig = {
  minCards: env.get('PUBLISH_MIN_CARDS', 20),
  minDescriptionLength: 50,
  maxDescriptionLength: 2000,
  /** a second clone of the same library deck within this window answers the first one (a retried request) */
  cloneRetryWindowSeconds: 60,
}

export default publishingConfig
