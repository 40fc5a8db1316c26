/*
 * /configuration/fx-rates: the organisation's daily rates (activity in a currency without
 * a rate waits until one arrives), filtered by currencies and dates; set one, or import a
 * CSV file.
 */
import { DataTable, DateInput, FilterButton, List, TextInput, TopToolbar, useCanAccess } from 'react-admin'
import { EmptyWithActions } from '../shared/EmptyWithActions'
import { ImportLink } from '../shared/ImportLink'
import { ListError } from '../shared/ListError'
import { SetRateButton } from './SetRateButton'

const FIELD = 'resources.configuration/fx-rates.fields'
const currencyCode = (value: string) => (value ? value.trim().toUpperCase() : undefined)
const dayOnly = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 10) : undefined)

const filters = [
  <TextInput
    key="fromCurrency"
    source="fromCurrency"
    label={`${FIELD}.from`}
    parse={currencyCode}
    slotProps={{ htmlInput: { maxLength: 3 } }}
    alwaysOn
  />,
  <TextInput
    key="toCurrency"
    source="toCurrency"
    label={`${FIELD}.to`}
    parse={currencyCode}
    slotProps={{ htmlInput: { maxLength: 3 } }}
    alwaysOn
  />,
  <DateInput key="from" source="from" label="customers.filters.from" parse={dayOnly} format={dayOnly} />,
  <DateInput key="to" source="to" label="customers.filters.to" parse={dayOnly} format={dayOnly} />,
]

const ListActions = ({ manages }: { manages: boolean }) => (
  <TopToolbar>
    <FilterButton />
    {manages && <SetRateButton />}
    {manages && <ImportLink to="/configuration/fx-rates/import" />}
  </TopToolbar>
)

export const FxRateList = () => {
  const { canAccess: manages = false } = useCanAccess({ resource: 'configuration/fx-rates', action: 'edit' })
  return (
    <List
      filters={filters}
      actions={<ListActions manages={manages} />}
      sort={{ field: 'date', order: 'DESC' }}
      perPage={50}
      error={<ListError />}
      empty={
        <EmptyWithActions>
          {manages && <SetRateButton />}
          {manages && <ImportLink to="/configuration/fx-rates/import" />}
        </EmptyWithActions>
      }
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="date" label={`${FIELD}.date`} />
        <DataTable.Col source="from" label={`${FIELD}.from`} disableSort />
        <DataTable.Col source="to" label={`${FIELD}.to`} disableSort />
        <DataTable.Col source="rate" label={`${FIELD}.rate`} disableSort />
      </DataTable>
    </List>
  )
}
