/*
 * The request guard's walks over a parsed body (kernel/request_shape.ts): the first hostile
 * value is named by its full path, and empty strings become null at any depth (the body
 * parser's convertEmptyStringsToNull, done after a plain JSON.parse).
 */
import { test } from '@japa/runner'
import { emptyStringsToNull, findHostileInput, MAX_BODY_DEPTH } from '#kernel/request_shape'

test.group('request shape: hostile input', () => {
  test('names the first hostile value, key or depth by its path', ({ assert }) => {
    assert.isNull(findHostileInput({ rows: [{ cuid: 'a' }, { cuid: 'b', amounts: [1, '2'] }] }))
    assert.deepEqual(findHostileInput({ rows: [{ cuid: 'a' }, { cuid: 'b\u0000' }] }), {
      field: 'rows.1.cuid',
      rule: 'text',
    })
    assert.deepEqual(findHostileInput({ rows: [{ ok: 1 }, { ['bad\uD800']: 1 }] }), {
      field: 'rows.1.key',
      rule: 'text',
    })
    assert.deepEqual(findHostileInput(['x', 'y\uDC00']), { field: '1', rule: 'text' })
    assert.deepEqual(findHostileInput({ name: 'n\u0000' }, 'body'), { field: 'body.name', rule: 'text' })
    assert.deepEqual(findHostileInput(['\u0000'], 'file'), { field: 'file.0', rule: 'text' })
    let deep: unknown = 'end'
    for (let level = 0; level < MAX_BODY_DEPTH + 1; level++) deep = { a: deep }
    const problem = findHostileInput(deep)
    assert.equal(problem?.rule, 'depth')
    assert.deepEqual(problem?.meta, { max: MAX_BODY_DEPTH })
    assert.equal(problem?.field, Array(MAX_BODY_DEPTH).fill('a').join('.'))
  })
})

test.group('request shape: empty strings', () => {
  test('become null at every depth, in arrays and objects; keys and other values stay', ({ assert }) => {
    const body = {
      name: '',
      keep: ' ',
      zero: 0,
      off: false,
      rows: [{ cuid: 'a', curr: '' }, '', ['', 'x'], null],
      nested: { deeper: { value: '' } },
      '': 'key stays',
    }
    const same = emptyStringsToNull(body)
    assert.strictEqual(same, body)
    assert.deepEqual(body, {
      name: null,
      keep: ' ',
      zero: 0,
      off: false,
      rows: [{ cuid: 'a', curr: null }, null, [null, 'x'], null],
      nested: { deeper: { value: null } },
      '': 'key stays',
    })
  })

  test('a body that is itself a string or a scalar is returned as sent', ({ assert }) => {
    assert.equal(emptyStringsToNull(''), '')
    assert.equal(emptyStringsToNull(5), 5)
    assert.isNull(emptyStringsToNull(null))
  })
})
