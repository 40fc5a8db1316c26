import { test } from '@japa/runner'
import { completePreferences, DEFAULT_PREFERENCES } from '#kernel/organization_preferences'

test.group('organization preferences (the kernel reader)', () => {
  test('nothing stored: every default', ({ assert }) => {
    for (const raw of [null, undefined, {}, '', 'not json', '[]', 42])
      assert.deepEqual(completePreferences(raw), DEFAULT_PREFERENCES)
  })

  test('stored values are kept, from an object or from JSON text; currency upper-cased', ({ assert }) => {
    const stored = {
      currency: 'eur',
      language: 'pt',
      timezone: 'America/Sao_Paulo',
      themeColor: '#112233',
      weekStartDay: 'sunday',
      defaultReportDays: 7,
      maskCustomerId: true,
    }
    const expected = { ...stored, currency: 'EUR' }
    assert.deepEqual(completePreferences(stored), expected)
    assert.deepEqual(completePreferences(JSON.stringify(stored)), expected)
  })

  test('each malformed field falls back to its own default, the others are kept', ({ assert }) => {
    const prefs = completePreferences({
      currency: 'EURO',
      language: 'de',
      timezone: 'Mars/Olympus',
      themeColor: 'javascript:alert(1)',
      weekStartDay: 'someday',
      defaultReportDays: 0,
      maskCustomerId: 'yes',
    })
    assert.deepEqual(prefs, DEFAULT_PREFERENCES)
    assert.deepEqual(completePreferences({ currency: 'usd', timezone: 'Nope/Nope' }), {
      ...DEFAULT_PREFERENCES,
      currency: 'USD',
    })
    assert.equal(completePreferences({ defaultReportDays: 366 }).defaultReportDays, 30)
    assert.equal(completePreferences({ defaultReportDays: 365 }).defaultReportDays, 365)
  })
})
