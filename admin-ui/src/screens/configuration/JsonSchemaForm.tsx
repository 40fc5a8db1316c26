import { Alert } from '@mui/material'
import { useMemo } from 'react'
import {
  BooleanInput,
  NumberInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useTranslate,
} from 'react-admin'
import {
  checkField,
  humanize,
  initialValues,
  schemaFields,
  toSettingsPayload,
  type JsonSchema,
  type SchemaField,
} from './jsonSchemaForm'

export interface JsonSchemaFormProps {
  schema: JsonSchema
  values: Record<string, unknown>
  /** Receives the typed values; returns the server's field errors, if any. */
  onSubmit: (values: Record<string, unknown>) => Promise<Record<string, unknown> | undefined>
  /** Message prefix for labels and help: `<prefix>.<field>` and `<prefix>.<field>_help`. */
  messagePrefix: string
  disabled?: boolean
}

const validatorFor = (field: SchemaField) => (value: unknown) => checkField(field, value)

const FieldInput = ({ field, messagePrefix }: { field: SchemaField; messagePrefix: string }) => {
  const translate = useTranslate()
  const label = translate(`${messagePrefix}.${field.name}`, { _: field.title ?? humanize(field.name) })
  const help = translate(`${messagePrefix}.${field.name}_help`, { _: field.description ?? '' }) || false
  const common = { source: field.name, label, helperText: help, validate: validatorFor(field) }
  switch (field.kind) {
    case 'boolean':
      return <BooleanInput {...common} />
    case 'select':
      return (
        <SelectInput
          {...common}
          choices={(field.choices ?? []).map((choice) => ({
            id: choice,
            name: translate(`${messagePrefix}.${field.name}_choices.${choice}`, { _: String(choice) }),
          }))}
          translateChoice={false}
          emptyText={field.required && !field.nullable ? undefined : ''}
          fullWidth
        />
      )
    case 'integer':
    case 'number':
      return (
        <NumberInput
          {...common}
          min={field.minimum}
          max={field.maximum}
          step={field.kind === 'integer' ? 1 : 'any'}
          fullWidth
        />
      )
    default:
      return (
        <TextInput
          {...common}
          type={field.format === 'email' ? 'email' : field.format === 'uri' ? 'url' : 'text'}
          fullWidth
        />
      )
  }
}

/** A settings form generated from a JSON Schema (see jsonSchemaForm.ts). */
export const JsonSchemaForm = ({ schema, values, onSubmit, messagePrefix, disabled }: JsonSchemaFormProps) => {
  const translate = useTranslate()
  const { fields, unsupported } = useMemo(() => schemaFields(schema), [schema])
  const record = useMemo(() => initialValues(fields, values), [fields, values])
  return (
    <SimpleForm
      noValidate
      record={record}
      onSubmit={(formValues: Record<string, unknown>) => onSubmit(toSettingsPayload(fields, formValues))}
      disabled={disabled}
      toolbar={
        disabled ? (
          false
        ) : (
          <Toolbar>
            <SaveButton />
          </Toolbar>
        )
      }
      sx={{ p: 0 }}
    >
      {fields.map((field) => (
        <FieldInput key={field.name} field={field} messagePrefix={messagePrefix} />
      ))}
      {unsupported.length > 0 && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {translate('affix.screens.integrations.settings.unsupported', { fields: unsupported.join(', ') })}
        </Alert>
      )}
    </SimpleForm>
  )
}
