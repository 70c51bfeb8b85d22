import { test } from '@japa/runner'
import {
  addDays,
  daysBetween,
  ROLLOVER_HOUR,
  studyDay,
  studyDayBounds,
} from '#scheduling/study_day'

const at = (iso: string) => new Date(iso)

test.group('Study day: time zone and rollover', () => {
  test('the day starts at the rollover hour, not at midnight', ({ assert }) => {
    assert.equal(ROLLOVER_HOUR, 4)
    assert.equal(studyDay(at('2026-11-21T03:59:59Z'), 0), '2026-11-20')
    assert.equal(studyDay(at('2026-11-21T04:00:00Z'), 0), '2026-11-21')
    assert.equal(studyDay(at('2026-11-21T23:59:59Z'), 0), '2026-11-21')
  })

  const cases: [string, string, number, string][] = [
    /* [instant, zone, offset minutes, study day] */
    ['2026-11-21T01:00:00Z', 'Sydney, UTC+11: noon', 660, '2026-11-21'],
    ['2026-11-20T16:30:00Z', 'Sydney: 03:30, still yesterday', 660, '2026-11-20'],
    ['2026-11-20T17:00:00Z', 'Sydney: 04:00, a new day', 660, '2026-11-21'],
    ['2026-11-21T10:00:00Z', 'Los Angeles, UTC−8: 02:00', -480, '2026-11-20'],
    ['2026-11-21T12:00:00Z', 'Los Angeles: 04:00', -480, '2026-11-21'],
    ['2026-11-20T22:29:00Z', 'Kolkata, UTC+5:30: 03:59', 330, '2026-11-20'],
    ['2026-11-20T22:30:00Z', 'Kolkata: 04:00', 330, '2026-11-21'],
    ['2026-11-20T14:00:00Z', 'Kiribati, UTC+14: 04:00', 840, '2026-11-21'],
    ['2026-11-21T15:59:00Z', 'Baker Island, UTC−12: 03:59', -720, '2026-11-20'],
    [
      '2026-12-31T23:00:00Z',
      'Berlin, UTC+1: midnight of the new year, still the old study day',
      60,
      '2026-12-31',
    ],
    ['2027-01-01T03:00:00Z', 'Berlin: 04:00 on the first of January', 60, '2027-01-01'],
  ]
  for (const [instant, zone, offset, expected] of cases) {
    test(`{zone}`, ({ assert }) => {
      assert.equal(studyDay(at(instant), offset), expected)
    }).with([{ zone }])
  }

  test('bounds: the day runs from 04:00 local to 04:00 the next day, and every instant inside maps back to it', ({
    assert,
  }) => {
    for (const offset of [-720, -480, 0, 60, 330, 660, 840]) {
      const { start, end } = studyDayBounds('2026-03-29', offset)
      assert.equal(end.getTime() - start.getTime(), 86_400_000)
      assert.equal(studyDay(start, offset), '2026-03-29')
      assert.equal(studyDay(new Date(end.getTime() - 1), offset), '2026-03-29')
      assert.equal(studyDay(end, offset), '2026-03-30')
    }
    assert.equal(studyDayBounds('2026-11-21', -480).start.toISOString(), '2026-11-21T12:00:00.000Z')
    assert.throws(() => studyDayBounds('yesterday', 0))
  })

  test('day arithmetic across months and years', ({ assert }) => {
    assert.equal(addDays('2026-12-31', 1), '2027-01-01')
    assert.equal(addDays('2028-03-01', -1), '2028-02-29')
    assert.equal(daysBetween('2026-11-01', '2026-11-21'), 20)
    assert.equal(daysBetween('2026-11-21', '2026-11-01'), -20)
  })
})
