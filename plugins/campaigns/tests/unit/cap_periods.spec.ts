import { test } from '@japa/runner'
import { capPeriods } from '../../src/rules/cap_periods.js'

const at = (iso: string, zone = 'UTC') => capPeriods(new Date(iso), zone)
const iso = (date: Date | null) => date?.toISOString() ?? null

test.group('cap periods', () => {
  test('UTC: every bucket with its start and end', ({ assert }) => {
    const periods = at('2026-05-20T13:45:10Z')
    assert.deepEqual(
      Object.fromEntries(
        Object.entries(periods).map(([name, bucket]) => [name, [bucket.key, iso(bucket.startsAt), iso(bucket.endsAt)]])
      ),
      {
        hourly: ['h:2026-05-20T13+00:00', '2026-05-20T13:00:00.000Z', '2026-05-20T14:00:00.000Z'],
        daily: ['d:2026-05-20', '2026-05-20T00:00:00.000Z', '2026-05-21T00:00:00.000Z'],
        fifteenDays: ['f:2026-05-2', '2026-05-16T00:00:00.000Z', '2026-06-01T00:00:00.000Z'],
        monthly: ['m:2026-05', '2026-05-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z'],
        lifetime: ['l', null, null],
      }
    )
  })

  test('each boundary instant starts the next bucket', ({ assert }) => {
    const before = at('2026-05-15T23:59:59.999Z')
    const after = at('2026-05-16T00:00:00Z')
    assert.equal(before.fifteenDays.key, 'f:2026-05-1')
    assert.equal(iso(before.fifteenDays.endsAt), '2026-05-16T00:00:00.000Z')
    assert.equal(after.fifteenDays.key, 'f:2026-05-2')
    assert.notEqual(before.daily.key, after.daily.key)
    assert.notEqual(before.hourly.key, after.hourly.key)
    assert.equal(before.monthly.key, after.monthly.key)
    const endOfMonth = at('2026-05-31T23:59:59.999Z')
    const nextMonth = at('2026-06-01T00:00:00Z')
    assert.equal(endOfMonth.fifteenDays.key, 'f:2026-05-2')
    assert.equal(nextMonth.fifteenDays.key, 'f:2026-06-1')
    assert.equal(nextMonth.monthly.key, 'm:2026-06')
    assert.equal(iso(endOfMonth.monthly.endsAt), '2026-06-01T00:00:00.000Z')
    assert.equal(at('2026-05-01T00:00:00Z').fifteenDays.key, 'f:2026-05-1')
    assert.equal(at('2026-05-15T12:00:00Z').fifteenDays.key, 'f:2026-05-1')
  })

  test('February and the year end: the second half runs to the month end', ({ assert }) => {
    assert.equal(iso(at('2026-02-20T10:00:00Z').fifteenDays.endsAt), '2026-03-01T00:00:00.000Z')
    assert.equal(iso(at('2028-02-29T10:00:00Z').fifteenDays.startsAt), '2028-02-16T00:00:00.000Z')
    const newYear = at('2026-12-31T23:30:00Z')
    assert.equal(iso(newYear.monthly.endsAt), '2027-01-01T00:00:00.000Z')
    assert.equal(iso(newYear.fifteenDays.endsAt), '2027-01-01T00:00:00.000Z')
    assert.equal(iso(newYear.daily.endsAt), '2027-01-01T00:00:00.000Z')
  })

  test('a non-UTC zone counts in local time (São Paulo, UTC-3)', ({ assert }) => {
    // 02:30 UTC on the 16th is still the 15th, 23:30 in São Paulo.
    const late = at('2026-07-16T02:30:00Z', 'America/Sao_Paulo')
    assert.equal(late.daily.key, 'd:2026-07-15')
    assert.equal(late.fifteenDays.key, 'f:2026-07-1')
    assert.equal(iso(late.fifteenDays.endsAt), '2026-07-16T03:00:00.000Z')
    assert.equal(iso(late.daily.startsAt), '2026-07-15T03:00:00.000Z')
    const month = at('2026-08-01T02:00:00Z', 'America/Sao_Paulo')
    assert.equal(month.monthly.key, 'm:2026-07')
    assert.equal(iso(month.monthly.endsAt), '2026-08-01T03:00:00.000Z')
  })

  test('a half-hour zone starts hours at :30 UTC (Kolkata, UTC+5:30)', ({ assert }) => {
    const periods = at('2026-02-15T18:29:59Z', 'Asia/Kolkata')
    assert.equal(periods.hourly.key, 'h:2026-02-15T23+05:30')
    assert.equal(iso(periods.hourly.endsAt), '2026-02-15T18:30:00.000Z')
    assert.equal(periods.fifteenDays.key, 'f:2026-02-1')
    assert.equal(at('2026-02-15T18:30:00Z', 'Asia/Kolkata').fifteenDays.key, 'f:2026-02-2')
  })

  test('DST spring forward: a 23-hour day and an hour that ends an hour later (New York)', ({ assert }) => {
    const periods = at('2026-03-08T06:59:59Z', 'America/New_York') // 01:59:59 EST
    assert.equal(periods.hourly.key, 'h:2026-03-08T01-05:00')
    assert.equal(iso(periods.hourly.endsAt), '2026-03-08T07:00:00.000Z') // 03:00 EDT
    assert.equal(at('2026-03-08T07:00:00Z', 'America/New_York').hourly.key, 'h:2026-03-08T03-04:00')
    const day = periods.daily
    assert.equal(day.endsAt!.getTime() - day.startsAt!.getTime(), 23 * 3600_000)
    assert.equal(iso(day.endsAt), '2026-03-09T04:00:00.000Z')
    // The first half of March is one hour shorter than 15 × 24 hours.
    const half = periods.fifteenDays
    assert.equal(half.endsAt!.getTime() - half.startsAt!.getTime(), (15 * 24 - 1) * 3600_000)
  })

  test('DST fall back: the repeated hour is two buckets and the day has 25 hours (New York)', ({ assert }) => {
    const first = at('2026-11-01T05:30:00Z', 'America/New_York') // 01:30 EDT
    const second = at('2026-11-01T06:30:00Z', 'America/New_York') // 01:30 EST
    assert.equal(first.hourly.key, 'h:2026-11-01T01-04:00')
    assert.equal(second.hourly.key, 'h:2026-11-01T01-05:00')
    assert.equal(iso(first.hourly.endsAt), '2026-11-01T06:00:00.000Z')
    assert.equal(iso(second.hourly.endsAt), '2026-11-01T07:00:00.000Z')
    assert.equal(first.daily.key, second.daily.key)
    assert.equal(first.daily.endsAt!.getTime() - first.daily.startsAt!.getTime(), 25 * 3600_000)
  })

  test('DST at midnight: the day starts at its first instant (São Paulo, 2018-11-04)', ({ assert }) => {
    const periods = at('2018-11-04T12:00:00Z', 'America/Sao_Paulo')
    assert.equal(periods.daily.key, 'd:2018-11-04')
    assert.equal(iso(periods.daily.startsAt), '2018-11-04T03:00:00.000Z') // 01:00 -02:00, midnight skipped
    assert.equal(iso(periods.daily.endsAt), '2018-11-05T02:00:00.000Z')
  })

  test('an unknown zone counts in UTC; the same instant and zone always give the same keys', ({ assert }) => {
    assert.deepEqual(at('2026-01-31T12:00:00Z', 'Not/AZone'), at('2026-01-31T12:00:00Z', 'UTC'))
    assert.deepEqual(at('2026-01-31T12:00:00Z', 'Europe/Lisbon'), at('2026-01-31T12:00:00Z', 'Europe/Lisbon'))
    assert.equal(at('2030-01-01T00:00:00Z').lifetime.key, at('2020-01-01T00:00:00Z').lifetime.key)
  })
})
