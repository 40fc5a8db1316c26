import {
  ArrayInput,
  CheckboxGroupInput,
  ResourceContextProvider,
  SelectInput,
  SimpleFormIterator,
  useTranslate,
} from 'react-admin'
import { useAbilities } from '../shared/abilities'
import { OPERATIONS, checkScopes, scopeResourceChoices, type Scope } from './scopes'

type FormValues = { scopes?: Scope[] }

/** The row index of an input inside the iterator: its source is `scopes.<index>.<field>`. */
const rowIndex = (source: string | undefined) => Number(/^scopes\.(\d+)\./.exec(source ?? '')?.[1] ?? -1)

const validateList = (scopes: Scope[] | undefined) => checkScopes(scopes).list

const validateResource = (_value: unknown, values: FormValues, props?: { finalSource?: string }) =>
  checkScopes(values?.scopes).rows[rowIndex(props?.finalSource)]?.resource

const validateOperations = (_value: unknown, values: FormValues, props?: { finalSource?: string }) =>
  checkScopes(values?.scopes).rows[rowIndex(props?.finalSource)]?.operations

/** The `scopes` input: rows of a resource and its read/write operations. */
export const ScopesEditor = ({ forOAuth = false }: { forOAuth?: boolean }) => {
  const translate = useTranslate()
  const { permissions } = useAbilities()
  const resources = scopeResourceChoices(
    (permissions?.abilities ?? []).map((ability) => ability.subject),
    forOAuth
  ).map((subject) => ({
    id: subject,
    name: translate(`affix.screens.api.subjects.${subject.replace(/\./g, '_')}`, { _: subject }),
  }))
  const operations = OPERATIONS.map((id) => ({ id, name: `affix.screens.api.scopes.${id}` }))
  // The iterator needs a resource context, which a form outside a <Resource> lacks.
  return (
    <ResourceContextProvider value={forOAuth ? 'oauth_apps' : 'api_keys'}>
      <ArrayInput
        source="scopes"
        label="affix.screens.api.scopes.title"
        validate={validateList}
        helperText="affix.screens.api.scopes.help"
      >
        <SimpleFormIterator inline disableReordering>
          <SelectInput
            source="resource"
            label="affix.screens.api.scopes.resource"
            choices={resources}
            translateChoice={false}
            validate={validateResource}
            sx={{ minWidth: 220 }}
          />
          <CheckboxGroupInput
            source="operations"
            label="affix.screens.api.scopes.operations"
            choices={operations}
            validate={validateOperations}
          />
        </SimpleFormIterator>
      </ArrayInput>
    </ResourceContextProvider>
  )
}
