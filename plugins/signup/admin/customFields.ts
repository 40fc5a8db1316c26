/*
 * The affiliate signup form's custom fields (spec §3 "Signup form field", §5): name, label,
 * type, required, hidden, options of a select, and an optional validation rule. Checked
 * here with the server's rules so mistakes show on the row before saving.
 */
export const FIELD_TYPES = ['text', 'file', 'select', 'alphanumeric', 'numeric', 'alphabets', 'custom'] as const
export const VALIDATION_TYPES = ['min', 'max', 'alphanumeric', 'numeric', 'alphabets'] as const
export const MAX_FIELDS = 50
export const MAX_OPTIONS = 100
export const NAME_RULE = /^[a-z0-9_]+$/

/** Read and saved by the plugin's own endpoint (GET and PUT). */
export const SIGNUP_SETTINGS_API = '/api/v1/signup/settings'

export type FieldType = (typeof FIELD_TYPES)[number]
export type ValidationType = (typeof VALIDATION_TYPES)[number]

export interface CustomField {
  name?: string | null
  label?: string | null
  type?: FieldType | null
  required?: boolean | null
  hidden?: boolean | null
  options?: string[] | null
  validation?: {
    enabled?: boolean | null
    type?: ValidationType | null
    value?: number | string | null
    message?: string | null
  } | null
}

export interface SignupSettings {
  autoApprove: boolean
  fields: CustomField[]
}

export const CUSTOM_FIELD_MESSAGES = {
  tooMany: 'signup.fields.too_many',
  nameRequired: 'signup.fields.name_required',
  namePattern: 'signup.fields.name_pattern',
  nameUnique: 'signup.fields.name_unique',
  labelRequired: 'signup.fields.label_required',
  tooLong: 'signup.fields.too_long',
  typeRequired: 'signup.fields.type_required',
  optionsRequired: 'signup.fields.options_required',
  optionsTooMany: 'signup.fields.options_too_many',
  validationTypeRequired: 'signup.fields.validation_type_required',
  validationValueRequired: 'signup.fields.validation_value_required',
} as const

export type RowErrors = Partial<
  Record<'name' | 'label' | 'type' | 'options' | 'validation.type' | 'validation.value' | 'validation.message', string>
>

const needsLength = (type: ValidationType | null | undefined) => type === 'min' || type === 'max'

/** The problems of each row, keyed by the input's path inside the row; and of the list. */
export function checkCustomFields(fields: CustomField[] | null | undefined): { list?: string; rows: RowErrors[] } {
  const list = (fields?.length ?? 0) > MAX_FIELDS ? CUSTOM_FIELD_MESSAGES.tooMany : undefined
  const seen = new Set<string>()
  const rows = (fields ?? []).map((field) => {
    const errors: RowErrors = {}
    const name = field?.name?.trim() ?? ''
    if (!name) errors.name = CUSTOM_FIELD_MESSAGES.nameRequired
    else if (!NAME_RULE.test(name) || name.length > 64) errors.name = CUSTOM_FIELD_MESSAGES.namePattern
    else if (seen.has(name)) errors.name = CUSTOM_FIELD_MESSAGES.nameUnique
    if (name) seen.add(name)

    const label = field?.label?.trim() ?? ''
    if (!label) errors.label = CUSTOM_FIELD_MESSAGES.labelRequired
    else if (label.length > 350) errors.label = CUSTOM_FIELD_MESSAGES.tooLong

    if (!field?.type || !(FIELD_TYPES as readonly string[]).includes(field.type))
      errors.type = CUSTOM_FIELD_MESSAGES.typeRequired
    if (field?.type === 'select') {
      const options = (field.options ?? []).map((option) => option.trim()).filter(Boolean)
      if (!options.length) errors.options = CUSTOM_FIELD_MESSAGES.optionsRequired
      else if (options.length > MAX_OPTIONS) errors.options = CUSTOM_FIELD_MESSAGES.optionsTooMany
      else if (options.some((option) => option.length > 350)) errors.options = CUSTOM_FIELD_MESSAGES.tooLong
    }

    const validation = field?.validation
    if (validation?.enabled) {
      if (!validation.type) errors['validation.type'] = CUSTOM_FIELD_MESSAGES.validationTypeRequired
      else if (needsLength(validation.type)) {
        const value = validation.value
        const number = value === '' || value === null || value === undefined ? NaN : Number(value)
        if (!Number.isInteger(number) || number < 0 || number > 350)
          errors['validation.value'] = CUSTOM_FIELD_MESSAGES.validationValueRequired
      }
      if ((validation.message ?? '').length > 350) errors['validation.message'] = CUSTOM_FIELD_MESSAGES.tooLong
    }
    return errors
  })
  return { list, rows }
}

/** PUT /api/v1/signup/settings: only what each field type uses. */
export function toSignupSettingsPayload(values: SignupSettings): {
  autoApprove: boolean
  fields: Array<Record<string, unknown>>
} {
  return {
    autoApprove: Boolean(values.autoApprove),
    fields: (values.fields ?? []).map((field) => {
      const payload: Record<string, unknown> = {
        name: field.name?.trim(),
        label: field.label?.trim(),
        type: field.type,
        required: Boolean(field.required),
        hidden: Boolean(field.hidden),
      }
      if (field.type === 'select')
        payload.options = (field.options ?? []).map((option) => option.trim()).filter(Boolean)
      const validation = field.validation
      if (validation?.enabled && validation.type) {
        payload.validation = {
          enabled: true,
          type: validation.type,
          ...(needsLength(validation.type) ? { value: Number(validation.value) } : {}),
          ...(validation.message?.trim() ? { message: validation.message.trim() } : {}),
        }
      }
      return payload
    }),
  }
}
