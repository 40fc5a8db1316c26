import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { SaveButton, SimpleForm, Toolbar } from 'react-admin'
import { describe, expect, it, vi } from 'vitest'
import { ScopesEditor } from '../../src/screens/configuration/ScopesEditor'
import {
  checkScopes,
  describeScopes,
  scopeResourceChoices,
  toScopesPayload,
} from '../../src/screens/configuration/scopes'
import { renderScreen } from './screens_helpers'

const toolbar = (
  <Toolbar>
    <SaveButton alwaysEnable />
  </Toolbar>
)
const submit = () => fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!)

describe('scopes editor', () => {
  it('requires scopes, a resource per row, one of read/write, and each resource once', () => {
    expect(checkScopes([]).list).toBe('affix.screens.api.scopes.required')
    expect(checkScopes(undefined).list).toBe('affix.screens.api.scopes.required')
    const { list, rows } = checkScopes([
      { resource: 'brands', operations: ['read'] },
      { resource: '', operations: ['read'] },
      { resource: 'brands', operations: [] },
      { resource: 'products', operations: ['read', 'write'] },
    ])
    expect(list).toBeUndefined()
    expect(rows).toEqual([
      {},
      { resource: 'affix.screens.api.scopes.resource_required' },
      {
        resource: 'affix.screens.api.scopes.resource_unique',
        operations: 'affix.screens.api.scopes.operations_required',
      },
      {},
    ])
  })

  it('sends trimmed resources with operations in a stable order', () => {
    expect(toScopesPayload([{ resource: ' brands ', operations: ['write', 'read'] }])).toEqual([
      { resource: 'brands', operations: ['read', 'write'] },
    ])
    expect(
      describeScopes([
        { resource: 'brands', operations: ['read'] },
        { resource: 'products', operations: ['read', 'write'] },
      ])
    ).toBe('brands: read; products: read, write')
  })

  it("offers the caller's subjects, without those an OAuth app may never get", () => {
    const subjects = ['brands', 'api_keys', 'brands', 'accounts', 'products']
    expect(scopeResourceChoices(subjects, false)).toEqual(['accounts', 'api_keys', 'brands', 'products'])
    expect(scopeResourceChoices(subjects, true)).toEqual(['brands', 'products'])
  })

  it('shows "Resource must be unique" on the repeated row and submits a valid list', async () => {
    const onSubmit = vi.fn()
    renderScreen(
      <SimpleForm
        noValidate
        toolbar={toolbar}
        onSubmit={onSubmit}
        defaultValues={{
          scopes: [
            { resource: 'brands', operations: ['read'] },
            { resource: 'brands', operations: ['write'] },
          ],
        }}
      >
        <ScopesEditor />
      </SimpleForm>
    )
    await screen.findAllByRole('combobox', { name: /Resource/ })
    submit()
    expect(await screen.findByText('Resource must be unique')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()

    // Change the second row to another resource: the list is now valid.
    fireEvent.mouseDown(screen.getAllByRole('combobox', { name: /Resource/ })[1])
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Products' }))
    submit()
    await waitFor(() => expect(onSubmit).toHaveBeenCalled())
    expect(onSubmit.mock.calls[0][0].scopes).toEqual([
      { resource: 'brands', operations: ['read'] },
      { resource: 'products', operations: ['write'] },
    ])
  })

  it('refuses a row without operations and an empty list', async () => {
    const onSubmit = vi.fn()
    renderScreen(
      <SimpleForm
        noValidate
        toolbar={toolbar}
        onSubmit={onSubmit}
        defaultValues={{ scopes: [{ resource: 'brands', operations: [] }] }}
      >
        <ScopesEditor />
      </SimpleForm>
    )
    await screen.findByRole('combobox', { name: /Resource/ })
    submit()
    expect(await screen.findByText('Choose read, write or both')).toBeTruthy()

    // The row's remove button shows on hover only.
    fireEvent.click(document.querySelector('.button-remove')!)
    submit()
    expect(await screen.findByText('Scopes are required')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
  })
})
