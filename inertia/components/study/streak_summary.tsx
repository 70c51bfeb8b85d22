import { Flame, Snowflake } from 'lucide-react'
import { useT } from '~/lib/i18n'
import type { Data } from '~generated/data'
import '~/css/study.css'

/** The User entity's streak fields. */
type StreakFields = Data.Streak['streak']

/* the rules of app/scheduling/streak.ts and app/actions/study/refresh_streak.ts */
export const ACTIVE_DAY_CARDS = 5
export const FREEZE_EVERY_DAYS = 7
export const MAX_FREEZES = 2

/** The streak's figures as tiles: current, longest, active days, freezes. */
export function StreakSummary({ streak }: { streak: StreakFields }) {
  const t = useT()
  return (
    <div className="stack">
      <div className="stat-tiles">
        <div className="stat-tile streak-current">
          <span className="stat-label">{t('stats.streak.current')}</span>
          <strong className="stat-value">
            <Flame size="1em" aria-hidden="true" />{' '}
            {t('stats.streak.days', { count: streak.currentDuration })}
          </strong>
        </div>
        <div className="stat-tile">
          <span className="stat-label">{t('stats.streak.longest')}</span>
          <strong className="stat-value">
            {t('stats.streak.days', { count: streak.longestDuration })}
          </strong>
        </div>
        <div className="stat-tile">
          <span className="stat-label">{t('stats.streak.total')}</span>
          <strong className="stat-value">{streak.totalActiveDays}</strong>
        </div>
        <div className="stat-tile">
          <span className="stat-label">{t('stats.streak.freezes')}</span>
          <strong className="stat-value">
            <Snowflake size="1em" aria-hidden="true" />{' '}
            {t('stats.streak.freezes_value', {
              count: streak.availableFreezeCount,
              max: MAX_FREEZES,
            })}
          </strong>
          <span className="muted stats-small">
            {streak.availableFreezeCount >= MAX_FREEZES
              ? t('stats.streak.freezes_full')
              : t('stats.streak.next_freeze', { days: streak.nextFreezeMinimumStreak })}
          </span>
        </div>
      </div>
      <p className={`notice-streak${streak.todayCompleted ? ' done' : ''}`} role="status">
        {streak.todayCompleted
          ? t('stats.streak.today_done', { cards: ACTIVE_DAY_CARDS })
          : t('stats.streak.today_pending', { cards: ACTIVE_DAY_CARDS })}
      </p>
    </div>
  )
}
