import { fireEvent, screen, waitFor } from '@testing-library/react'
import { SaveButton, SimpleForm, Toolbar } from 'react-admin'
import { describe, expect, it, vi } from 'vitest'
import { CustomFieldsEditor } from '../../../plugins/signup/admin/CustomFieldsEditor'
import {
  checkCustomFields,
  toSignupSettingsPayload,
  type CustomField,
} from '../../../plugins/signup/admin/customFields'
import { renderScreen } from './screens_helpers'

const toolbar = (
  <Toolbar>
    <SaveButton alwaysEnable />
  </Toolbar>
)
const submit = () => fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!)

const field = (overrides: Partial<CustomField>): CustomField => ({
  name: 'company',
  label: 'Company',
  type: 'text',
  required: false,
  hidden: false,
  ...overrides,
})

describe('custom fields editor validation', () => {
  it('accepts a valid form', () => {
    const { list, rows } = checkCustomFields([
      field({}),
      field({ name: 'source', label: 'How did you find us?', type: 'select', options: ['Search', 'Friend'] }),
      field({
        name: 'site_id',
        label: 'Site',
        type: 'alphanumeric',
        validation: { enabled: true, type: 'max', value: 20, message: 'Too long' },
      }),
    ])
    expect(list).toBeUndefined()
    expect(rows).toEqual([{}, {}, {}])
  })

  it('checks names: required, lowercase letters, digits and _, unique', () => {
    const { rows } = checkCustomFields([
      field({ name: '' }),
      field({ name: 'Company Name' }),
      field({ name: 'company' }),
      field({ name: 'company' }),
    ])
    expect(rows.map((row) => row.name)).toEqual([
      'signup.fields.name_required',
      'signup.fields.name_pattern',
      undefined,
      'signup.fields.name_unique',
    ])
  })

  it('needs a label, a type, options for a select and a complete validation rule', () => {
    const { rows } = checkCustomFields([
      field({ label: ' ' }),
      field({ name: 'b', type: null }),
      field({ name: 'c', type: 'select', options: ['  '] }),
      field({ name: 'd', validation: { enabled: true, type: null } }),
      field({ name: 'e', validation: { enabled: true, type: 'min', value: '' } }),
      field({ name: 'f', validation: { enabled: true, type: 'max', value: 351 } }),
      field({ name: 'g', validation: { enabled: false, type: 'min', value: null } }),
    ])
    expect(rows).toEqual([
      { label: 'signup.fields.label_required' },
      { type: 'signup.fields.type_required' },
      { options: 'signup.fields.options_required' },
      { 'validation.type': 'signup.fields.validation_type_required' },
      { 'validation.value': 'signup.fields.validation_value_required' },
      { 'validation.value': 'signup.fields.validation_value_required' },
      {},
    ])
    expect(checkCustomFields(Array.from({ length: 51 }, (_, index) => field({ name: `f${index}` }))).list).toBe(
      'signup.fields.too_many'
    )
  })

  it('sends what each type uses: options only for a select, a rule only when enabled', () => {
    expect(
      toSignupSettingsPayload({
        autoApprove: true,
        fields: [
          field({ name: ' company ', options: ['ignored'] }),
          field({ name: 'source', type: 'select', options: [' Search ', ''], required: true }),
          field({
            name: 'code',
            type: 'numeric',
            validation: { enabled: true, type: 'min', value: '4', message: ' ' },
          }),
          field({ name: 'nick', validation: { enabled: false, type: 'max', value: 3 } }),
        ],
      })
    ).toEqual({
      autoApprove: true,
      fields: [
        { name: 'company', label: 'Company', type: 'text', required: false, hidden: false },
        { name: 'source', label: 'Company', type: 'select', required: true, hidden: false, options: ['Search'] },
        {
          name: 'code',
          label: 'Company',
          type: 'numeric',
          required: false,
          hidden: false,
          validation: { enabled: true, type: 'min', value: 4 },
        },
        { name: 'nick', label: 'Company', type: 'text', required: false, hidden: false },
      ],
    })
  })

  it('shows the problems next to the row inputs and submits once they are fixed', async () => {
    const onSubmit = vi.fn()
    renderScreen(
      <SimpleForm
        noValidate
        toolbar={toolbar}
        onSubmit={onSubmit}
        defaultValues={{ fields: [field({ name: 'company' }), field({ name: 'company', label: '' })] }}
      >
        <CustomFieldsEditor />
      </SimpleForm>
    )
    await screen.findAllByRole('textbox', { name: /Field name/ })
    submit()
    expect(await screen.findByText('Another field has this name')).toBeTruthy()
    expect(screen.getByText('The label is required')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()

    fireEvent.change(screen.getAllByRole('textbox', { name: /Field name/ })[1], { target: { value: 'website' } })
    fireEvent.change(screen.getAllByRole('textbox', { name: /Label/ })[1], { target: { value: 'Website' } })
    submit()
    await waitFor(() => expect(onSubmit).toHaveBeenCalled())
    expect(onSubmit.mock.calls[0][0].fields.map((row: CustomField) => row.name)).toEqual(['company', 'website'])
  })

  it('asks for options when the type is select', async () => {
    const onSubmit = vi.fn()
    renderScreen(
      <SimpleForm
        noValidate
        toolbar={toolbar}
        onSubmit={onSubmit}
        defaultValues={{ fields: [field({ name: 'source', type: 'select', options: [] })] }}
      >
        <CustomFieldsEditor />
      </SimpleForm>
    )
    expect(await screen.findByRole('combobox', { name: /Options/ })).toBeTruthy()
    submit()
    expect(await screen.findByText('A select needs at least one option')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
  })
})
