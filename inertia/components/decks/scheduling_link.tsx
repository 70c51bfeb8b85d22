import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'

/** "How scheduling works": the address of the scheduling_link remote flag, where it holds one (else nothing). */
export function SchedulingLink() {
  const { remoteFlags } = useShared()
  const t = useT()
  if (!remoteFlags.scheduling_link) return null
  return (
    <p className="scheduling-link">
      <a href={remoteFlags.scheduling_link} target="_blank" rel="noopener noreferrer">
        {t('algorithm.scheduling_link')}
      </a>
    </p>
  )
}
