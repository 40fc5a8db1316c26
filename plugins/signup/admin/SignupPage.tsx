/*
 * Signup on an organisation's form (spec §2): /register/affiliate/:orgId[/:campId] and
 * /register/:type/:orgId (affiliate, or brand = advertiser). The form (organisation, theme
 * colour, visible custom fields) comes from GET /api/v1/signup/...; the answers go back
 * by POST on the same path. An auto-approved affiliate is logged in at once; everyone else
 * waits for approval. The page links to login (spec: "Affiliate signup has a link to
 * login"). An unknown organisation, campaign or type shows the not-found page.
 */
import { Alert, Box, CircularProgress, Typography } from '@mui/material'
import { useEffect, useMemo, useState } from 'react'
import {
  Form,
  HttpError,
  SelectInput,
  TextInput,
  useNotify,
  useParams,
  useTranslate,
  type Validator,
} from 'react-admin'
import {
  BackToLogin,
  errorText,
  ErrorNotice,
  NotFoundPage,
  parseOrgId,
  PersonFields,
  PublicPage,
  SubmitButton,
  TermsCheckbox,
  useLanguage,
  usePublicApi,
  useStartSession,
  useSubmit,
  type Session,
} from '@affix/admin-ui/plugin-api'
import {
  customFieldSource,
  customFieldValidator,
  toSignupPayload,
  type SignupField,
  type SignupForm,
  type SignupValues,
} from './signupForm'

interface SignupResult {
  id: number
  organizationId: number
  role: 'affiliate' | 'brand'
  status: 'active' | 'pending'
  message: string
  session: Session | null
}

const SIGNUP_TYPES = ['affiliate', 'brand'] as const

/** The API path of a signup page, or null when the route's parameters cannot name one. */
export function signupApiPath(params: { type?: string; orgId?: string; campId?: string }): string | null {
  const type = params.type ?? 'affiliate'
  const orgId = parseOrgId(params.orgId)
  if (!SIGNUP_TYPES.includes(type as (typeof SIGNUP_TYPES)[number]) || !orgId) return null
  if (params.campId === undefined) return `/api/v1/signup/${type}/${orgId}`
  const campaignId = parseOrgId(params.campId)
  return type === 'affiliate' && campaignId ? `/api/v1/signup/affiliate/${orgId}/${campaignId}` : null
}

/** One custom field of the organisation's form, by type; a file is asked as a text reference for now. */
export function CustomFieldInput({ field }: { field: SignupField }) {
  const translate = useTranslate()
  const check = useMemo(() => {
    const validator: Validator & { isRequired?: boolean } = customFieldValidator(field)
    // react-admin marks an input required (asterisk) from this flag of its validators.
    if (field.required) validator.isRequired = true
    return validator
  }, [field])
  const common = { source: customFieldSource(field), label: field.label, validate: check, fullWidth: true }
  switch (field.type) {
    case 'select':
      return (
        <SelectInput
          {...common}
          choices={(field.options ?? []).map((option) => ({ id: option, name: option }))}
          translateChoice={false}
          emptyText=""
        />
      )
    case 'numeric':
      return <TextInput {...common} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
    case 'file':
      return <TextInput {...common} helperText={translate('signup.page.file_hint')} />
    default:
      return <TextInput {...common} />
  }
}

export function SignupPage() {
  const translate = useTranslate()
  const api = usePublicApi()
  const notify = useNotify()
  const language = useLanguage()
  const startSession = useStartSession()
  const params = useParams<{ type?: string; orgId?: string; campId?: string }>()
  const path = signupApiPath(params)
  const orgId = parseOrgId(params.orgId)
  const [form, setForm] = useState<SignupForm | null>(null)
  const [loadError, setLoadError] = useState<{ notFound: boolean; message: string } | null>(null)
  const [pending, setPending] = useState<string | null>(null)

  useEffect(() => {
    if (!path) return
    let live = true
    setForm(null)
    setLoadError(null)
    api<SignupForm>(path)
      .then((loaded) => live && setForm(loaded))
      .catch(
        (failure) =>
          live &&
          setLoadError({
            notFound: failure instanceof HttpError && failure.status === 404,
            message: errorText(failure, translate),
          })
      )
    return () => {
      live = false
    }
  }, [path])

  const { submit, busy, error } = useSubmit(
    (values: SignupValues) =>
      api<SignupResult>(path!, { method: 'POST', body: toSignupPayload(values, form?.fields ?? [], language) }),
    async (result) => {
      if (result.status === 'active' && result.session) {
        await startSession(result.session, '/')
        notify(result.message, { type: 'success' })
      } else {
        setPending(result.message)
      }
    }
  )

  if (!path || loadError?.notFound) return <NotFoundPage />

  const brand = form ? { name: form.organizationName, themeColor: form.themeColor } : null
  const title =
    form?.type === 'brand' || params.type === 'brand'
      ? translate('signup.page.title_brand')
      : translate('signup.page.title_affiliate')

  if (pending) {
    return (
      <PublicPage title={translate('signup.page.pending_title')} orgId={orgId} branding={brand}>
        <Alert severity="info">{pending}</Alert>
        <BackToLogin orgId={orgId} />
      </PublicPage>
    )
  }

  return (
    <PublicPage
      title={title}
      subtitle={form ? translate('signup.page.subtitle', { organization: form.organizationName }) : undefined}
      orgId={orgId}
      branding={brand}
      width={560}
    >
      {loadError ? <ErrorNotice>{loadError.message}</ErrorNotice> : null}
      {!form && !loadError ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress />
        </Box>
      ) : null}
      {form ? (
        <>
          {form.campaignId ? (
            <Typography variant="body2" color="text.secondary">
              {translate('signup.page.campaign', { id: form.campaignId })}
            </Typography>
          ) : null}
          {error ? <ErrorNotice>{error}</ErrorNotice> : null}
          <SignupFormFields form={form} onSubmit={submit} busy={busy} />
        </>
      ) : null}
      <BackToLogin orgId={orgId} label="signup.page.have_account" />
    </PublicPage>
  )
}

/** The signup form: the common fields, then the organisation's custom fields, then the terms. */
export function SignupFormFields({
  form,
  onSubmit,
  busy,
}: {
  form: SignupForm
  onSubmit: (values: SignupValues) => Promise<Record<string, unknown> | undefined>
  busy: boolean
}) {
  const translate = useTranslate()
  // Every custom field starts empty, so `fields` is an object keyed by name (also for names like "2024").
  const defaultValues = { fields: Object.fromEntries(form.fields.map((field) => [field.name, ''])) }
  return (
    <Form onSubmit={onSubmit} defaultValues={defaultValues} noValidate>
      <PersonFields autoFocus />
      {form.fields.map((field) => (
        <CustomFieldInput key={field.name} field={field} />
      ))}
      <TermsCheckbox />
      <SubmitButton busy={busy}>{translate('signup.page.submit')}</SubmitButton>
    </Form>
  )
}
