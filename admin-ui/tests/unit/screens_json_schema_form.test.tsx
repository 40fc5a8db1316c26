import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { JsonSchemaForm } from '../../src/screens/configuration/JsonSchemaForm'
import {
  checkField,
  humanize,
  initialValues,
  schemaFields,
  toSettingsPayload,
  type JsonSchema,
} from '../../src/screens/configuration/jsonSchemaForm'
import { renderScreen } from './screens_helpers'

/** What VineJS's toJSONSchema() writes for a plugin's settings validator. */
const VINE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    apiUrl: { type: 'string', format: 'uri' },
    enabled: { enum: ['1', 1, 'true', true, 'on', '0', 0, 'false', false] },
    mode: { enum: ['live', 'test'] },
    retries: { type: 'number', minimum: 0, maximum: 10 },
    count: { type: 'integer' },
    note: { type: ['string', 'null'], maxLength: 20 },
    nested: { type: 'object', properties: {} },
  },
  required: ['enabled', 'mode', 'retries'],
  additionalProperties: false,
}

/**
 * Submits the form as its Save button does. (jsdom submits on the first click of a submit
 * button only; a real browser on every click.)
 */
const submit = () => fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!)

describe('JSON-schema settings form', () => {
  it('turns each property into a field of the right kind, with required flags and bounds', () => {
    const { fields, unsupported } = schemaFields(VINE_SCHEMA)
    expect(fields.map(({ name, kind, required, nullable }) => ({ name, kind, required, nullable }))).toEqual([
      { name: 'apiUrl', kind: 'string', required: false, nullable: false },
      { name: 'enabled', kind: 'boolean', required: true, nullable: false },
      { name: 'mode', kind: 'select', required: true, nullable: false },
      { name: 'retries', kind: 'number', required: true, nullable: false },
      { name: 'count', kind: 'integer', required: false, nullable: false },
      { name: 'note', kind: 'string', required: false, nullable: true },
    ])
    expect(fields.find((field) => field.name === 'mode')?.choices).toEqual(['live', 'test'])
    expect(fields.find((field) => field.name === 'retries')).toMatchObject({ minimum: 0, maximum: 10 })
    expect(unsupported).toEqual(['nested'])
  })

  it('reads plain JSON Schema too: type boolean, anyOf with null, enums of numbers', () => {
    const { fields } = schemaFields({
      type: 'object',
      properties: {
        flag: { type: 'boolean', title: 'Flag' },
        level: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] },
        size: { type: 'integer', enum: [10, 20] },
      },
    })
    expect(fields.map((field) => [field.name, field.kind, field.nullable])).toEqual([
      ['flag', 'boolean', false],
      ['level', 'integer', true],
      ['size', 'select', false],
    ])
    expect(fields[0].title).toBe('Flag')
    expect(fields[1].minimum).toBe(1)
  })

  it('checks values against the schema', () => {
    const { fields } = schemaFields(VINE_SCHEMA)
    const field = (name: string) => fields.find((candidate) => candidate.name === name)!
    expect(checkField(field('retries'), '')).toEqual({ message: 'ra.validation.required', args: {} })
    expect(checkField(field('retries'), 11)).toEqual({ message: 'ra.validation.maxValue', args: { max: 10 } })
    expect(checkField(field('retries'), 3)).toBeUndefined()
    expect(checkField(field('count'), 1.5)?.message).toBe('affix.screens.integrations.settings.integer')
    expect(checkField(field('mode'), 'other')?.message).toBe('affix.screens.integrations.settings.choose')
    expect(checkField(field('apiUrl'), 'not a url')?.message).toBe('affix.screens.integrations.settings.url')
    expect(checkField(field('apiUrl'), '')).toBeUndefined()
    expect(checkField(field('note'), 'x'.repeat(21))).toEqual({ message: 'ra.validation.maxLength', args: { max: 20 } })
    expect(checkField(field('enabled'), false)).toBeUndefined()
  })

  it('sends typed values and keeps what it cannot edit', () => {
    const { fields } = schemaFields(VINE_SCHEMA)
    expect(initialValues(fields, { enabled: 'true', mode: 'live' })).toMatchObject({ enabled: true, mode: 'live' })
    expect(
      toSettingsPayload(fields, {
        apiUrl: '',
        enabled: true,
        mode: 'test',
        retries: '4',
        count: '',
        note: '',
        nested: { a: 1 },
      })
    ).toEqual({ enabled: true, mode: 'test', retries: 4, note: null, nested: { a: 1 } })
    expect(humanize('apiUrl')).toBe('Api url')
    expect(humanize('max_retries')).toBe('Max retries')
  })

  it('renders the inputs, refuses bad values and submits the typed settings', async () => {
    const onSubmit = vi.fn(async () => undefined)
    renderScreen(
      <JsonSchemaForm
        schema={VINE_SCHEMA}
        values={{ enabled: true, mode: 'live', retries: 2 }}
        onSubmit={onSubmit}
        messagePrefix="demo.settings"
      />
    )

    expect(await screen.findByRole('textbox', { name: 'Api url' })).toBeTruthy()
    expect(screen.getByRole('switch', { name: 'Enabled' })).toHaveProperty('checked', true)
    expect(screen.getByRole('spinbutton', { name: /Retries/ })).toHaveProperty('value', '2')
    expect(screen.getByText('These settings cannot be edited here and are kept as they are: nested')).toBeTruthy()

    fireEvent.change(screen.getByRole('spinbutton', { name: /Retries/ }), { target: { value: '12' } })
    submit()
    expect(await screen.findByText('Must be 10 or less')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()

    fireEvent.change(screen.getByRole('spinbutton', { name: /Retries/ }), { target: { value: '5' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Api url' }), { target: { value: 'https://api.example.com' } })
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Mode/ }))
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'test' }))
    submit()
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]).toEqual([
      { enabled: true, mode: 'test', retries: 5, apiUrl: 'https://api.example.com', note: null },
    ])
  })

  it("shows the server's field errors under the inputs", async () => {
    const onSubmit = vi.fn(async () => ({ retries: 'Retries must be at most 3' }))
    renderScreen(
      <JsonSchemaForm
        schema={VINE_SCHEMA}
        values={{ enabled: false, mode: 'live', retries: 2 }}
        onSubmit={onSubmit}
        messagePrefix="demo.settings"
      />
    )
    fireEvent.change(await screen.findByRole('spinbutton', { name: /Retries/ }), { target: { value: '4' } })
    submit()
    expect(await screen.findByText('Retries must be at most 3')).toBeTruthy()
  })
})
