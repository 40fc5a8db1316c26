/* Admin UI messages of the signup plugin (en): the public signup pages and the sections of /settings. */
export const en = {
  // The plugin's name and description (Integrations).
  plugins: {
    signup: {
      name: 'Affiliate and advertiser signup',
      description:
        "Public signup pages for affiliates and advertisers, and the organisation's signup form: its custom fields and auto approve.",
    },
  },
  signup: {
    // The public signup page (/register/affiliate/:orgId, /register/:type/:orgId).
    page: {
      title_affiliate: 'Affiliate signup',
      title_brand: 'Advertiser signup',
      subtitle: 'Join %{organization}',
      campaign: 'Signing up for campaign #%{id}',
      submit: 'Sign up',
      have_account: 'Already have an account? Sign in',
      pending_title: 'Your account is waiting for approval',
      file_hint: 'A link to the file or its name',
    },
    // The page's checks of the organisation's custom fields; the server's messages read the same.
    custom_field: {
      required: '%{field} is required',
      max_length: '%{field} must be at most %{max} characters',
      min: '%{field} must be at least %{min} characters',
      max: '%{field} must be at most %{max} characters',
      numeric: '%{field} must contain only numbers',
      alphabets: '%{field} must contain only letters',
      alphanumeric: '%{field} must contain only letters and numbers',
      select: 'Please select a value',
    },
    // /settings: the signup form section, its custom fields editor and the signup link.
    settings: {
      title: 'Affiliate signup form',
      help: 'What new affiliates fill in when they sign up, and whether they are approved at once.',
      autoApprove: 'Approve new affiliates automatically',
      autoApprove_help: 'New affiliates become active at once; otherwise they wait for approval.',
      saved: 'Signup form saved',
    },
    fields: {
      title: 'Custom fields',
      help: 'Shown on the signup form in this order.',
      name: 'Field name',
      name_help: 'Lowercase letters, digits and _',
      label: 'Label',
      type: 'Type',
      required: 'Required',
      hidden: 'Hidden',
      options: 'Options',
      options_help: 'The choices of the select; type one and press Enter.',
      validation: 'Validation',
      validation_type: 'Rule',
      validation_value: 'Length',
      validation_message: 'Message',
      validation_message_help: 'Shown when the rule fails (optional).',
      types: {
        text: 'Text',
        file: 'File',
        select: 'Select',
        alphanumeric: 'Alphanumeric',
        numeric: 'Numeric',
        alphabets: 'Alphabets',
        custom: 'Custom',
      },
      validation_types: {
        min: 'Minimum length',
        max: 'Maximum length',
        alphanumeric: 'Alphanumeric',
        numeric: 'Numeric',
        alphabets: 'Alphabets',
      },
      too_many: 'At most 50 custom fields',
      name_required: 'The field name is required',
      name_pattern: 'Use lowercase letters, digits and _ only (at most 64)',
      name_unique: 'Another field has this name',
      label_required: 'The label is required',
      too_long: 'At most 350 characters',
      type_required: 'Please select a value',
      options_required: 'A select needs at least one option',
      options_too_many: 'At most 100 options',
      validation_type_required: 'Please select a value',
      validation_value_required: 'A whole number from 0 to 350',
    },
    url: {
      title: 'Affiliate signup link',
      help: 'Share this link with new affiliates.',
      label: 'Affiliate signup URL',
      open: 'Open',
    },
  },
}
