import { Box } from '@mui/material'
import {
  ArrayInput,
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  ResourceContextProvider,
  SelectInput,
  SimpleFormIterator,
  TextArrayInput,
  TextInput,
} from 'react-admin'
import { FIELD_TYPES, VALIDATION_TYPES, checkCustomFields, type CustomField, type RowErrors } from './customFields'

type FormValues = { fields?: CustomField[] }

/** `fields.<row>.<path>` → the row's error for that path. */
const rowError = (path: keyof RowErrors) => (_value: unknown, values: FormValues, props?: { finalSource?: string }) => {
  const row = Number(/^fields\.(\d+)\./.exec(props?.finalSource ?? '')?.[1] ?? -1)
  return checkCustomFields(values?.fields).rows[row]?.[path]
}

const validateList = (fields: CustomField[] | undefined) => checkCustomFields(fields).list

const typeChoices = FIELD_TYPES.map((id) => ({ id, name: `signup.fields.types.${id}` }))
const validationChoices = VALIDATION_TYPES.map((id) => ({
  id,
  name: `signup.fields.validation_types.${id}`,
}))

/** The custom fields of the affiliate signup form, in their order on the form. */
export const CustomFieldsEditor = () => (
  // The iterator needs a resource context, which a form outside a <Resource> lacks.
  <ResourceContextProvider value="signup_settings">
    <ArrayInput source="fields" label="signup.fields.title" validate={validateList} helperText="signup.fields.help">
      <SimpleFormIterator
        sx={{ '& .RaSimpleFormIterator-line': { borderBottom: 1, borderColor: 'divider', pb: 1, mb: 1 } }}
      >
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
          <TextInput
            source="name"
            label="signup.fields.name"
            helperText="signup.fields.name_help"
            validate={rowError('name')}
            sx={{ minWidth: 200 }}
          />
          <TextInput source="label" label="signup.fields.label" validate={rowError('label')} sx={{ minWidth: 240 }} />
          <SelectInput
            source="type"
            label="signup.fields.type"
            choices={typeChoices}
            validate={rowError('type')}
            sx={{ minWidth: 180 }}
          />
          <BooleanInput source="required" label="signup.fields.required" />
          <BooleanInput source="hidden" label="signup.fields.hidden" />
        </Box>
        <FormDataConsumer<CustomField>>
          {({ scopedFormData }) =>
            scopedFormData?.type === 'select' ? (
              <TextArrayInput
                source="options"
                label="signup.fields.options"
                helperText="signup.fields.options_help"
                validate={rowError('options')}
                fullWidth
              />
            ) : null
          }
        </FormDataConsumer>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%', alignItems: 'flex-start' }}>
          <BooleanInput source="validation.enabled" label="signup.fields.validation" />
          <FormDataConsumer<CustomField>>
            {({ scopedFormData }) =>
              scopedFormData?.validation?.enabled ? (
                <>
                  <SelectInput
                    source="validation.type"
                    label="signup.fields.validation_type"
                    choices={validationChoices}
                    validate={rowError('validation.type')}
                    sx={{ minWidth: 180 }}
                  />
                  {(scopedFormData.validation.type === 'min' || scopedFormData.validation.type === 'max') && (
                    <NumberInput
                      source="validation.value"
                      label="signup.fields.validation_value"
                      min={0}
                      max={350}
                      step={1}
                      validate={rowError('validation.value')}
                    />
                  )}
                  <TextInput
                    source="validation.message"
                    label="signup.fields.validation_message"
                    helperText="signup.fields.validation_message_help"
                    validate={rowError('validation.message')}
                    sx={{ minWidth: 280 }}
                  />
                </>
              ) : null
            }
          </FormDataConsumer>
        </Box>
      </SimpleFormIterator>
    </ArrayInput>
  </ResourceContextProvider>
)
