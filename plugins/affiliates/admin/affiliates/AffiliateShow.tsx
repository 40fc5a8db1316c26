import { EditButton, LoginAsButton, NotesTab } from '@affix/admin-ui/plugin-api'
import { Box, Chip, Typography } from '@mui/material'
import {
  BooleanField,
  DateField,
  EmailField,
  FunctionField,
  Labeled,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin'
import { AffiliateStatusField } from '../shared/AffiliateStatusField'
import { PAYMENT_FIELDS, type PaymentMethod } from './model'
import { AFFILIATES_API } from './paths'
import { ReferredTab } from './ReferredTab'

/** The notes tab's list: the newest 100 first. */
const NEWEST_FIRST = { sort: '["createdAt","DESC"]', limit: 100 }

const ShowActions = () => {
  const record = useRecordContext()
  const { canAccess } = useCanAccess({ resource: 'affiliates', action: 'manage' })
  return (
    <TopToolbar>
      {record && record.status === 'active' && (
        <LoginAsButton userId={Number(record.id)} role="affiliate" label="affiliates.actions.login_as" />
      )}
      {canAccess && <EditButton />}
    </TopToolbar>
  )
}

const TagsField = (_props: { label?: string }) => {
  const record = useRecordContext()
  const tags = (record?.tags as string[] | undefined) ?? []
  if (!tags.length) return <Typography variant="body2">—</Typography>
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {tags.map((tag) => (
        <Chip key={tag} size="small" label={tag} />
      ))}
    </Box>
  )
}

const PaymentTab = () => {
  const record = useRecordContext()
  const translate = useTranslate()
  const details = record?.paymentDetails as Record<string, string | null> | null | undefined
  if (!details) return <Typography variant="body2">{translate('affiliates.show.no_payment')}</Typography>
  const method = details.defaultMethod as PaymentMethod | null
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Labeled label="affiliates.fields.defaultMethod">
        <Typography variant="body2">{method ? translate(`affiliates.payment_methods.${method}`) : '—'}</Typography>
      </Labeled>
      {(method ? PAYMENT_FIELDS[method] : []).map((field) => (
        <Labeled key={field} label={`affiliates.fields.${field}`}>
          <Typography variant="body2">{details[field] || '—'}</Typography>
        </Labeled>
      ))}
    </Box>
  )
}

const humanize = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ')

/** Answers to the signup form's custom fields, whatever shape the server keeps them in. */
const SignupAnswers = () => {
  const record = useRecordContext()
  const translate = useTranslate()
  const answers = (record?.signupAnswers ?? record?.customFields ?? null) as
    Record<string, unknown> | Array<{ name?: string; label?: string; value?: unknown }> | null
  const entries: Array<[string, unknown]> = Array.isArray(answers)
    ? answers.map((answer) => [answer.label ?? answer.name ?? '', answer.value])
    : Object.entries(answers ?? {})
  return (
    <Labeled label="affiliates.fields.signupAnswers">
      {entries.length ? (
        <Box component="dl" sx={{ m: 0 }}>
          {entries.map(([name, value]) => (
            <Typography key={name} variant="body2">
              <strong>{humanize(name)}:</strong> {Array.isArray(value) ? value.join(', ') : String(value ?? '—')}
            </Typography>
          ))}
        </Box>
      ) : (
        <Typography variant="body2">{translate('affiliates.show.no_answers')}</Typography>
      )}
    </Labeled>
  )
}

const referralLinkOf = (record: RaRecord) => (record.referralLink as string | null | undefined) || '—'

export const AffiliateShow = () => (
  <Show actions={<ShowActions />}>
    <TabbedShowLayout>
      <TabbedShowLayout.Tab label="affiliates.tabs.basic">
        <TextField source="name" label="affiliates.fields.name" emptyText="—" />
        <EmailField source="email" label="affiliates.fields.email" />
        <AffiliateStatusField source="status" label="affiliates.fields.status" />
        <TextField source="contact" label="affiliates.fields.contact" emptyText="—" />
        <TextField source="skype" label="affiliates.fields.skype" emptyText="—" />
        <TagsField label="affiliates.fields.tags" />
        <TextField source="currency" label="affiliates.fields.currency" emptyText="—" />
        <TextField source="externalId" label="affiliates.fields.externalId" emptyText="—" />
        <TextField source="managerName" label="affiliates.fields.managerId" emptyText="—" />
        <TextField source="groupName" label="affiliates.fields.groupId" emptyText="—" />
        <TextField source="referredByName" label="affiliates.fields.referredById" emptyText="—" />
        <BooleanField source="emailNotification" label="affiliates.fields.emailNotification" />
        <BooleanField source="negativeCarryover" label="affiliates.fields.negativeCarryover" />
        <FunctionField
          label="affiliates.fields.feePercent"
          render={(record) => (record.feePercent == null ? '—' : `${record.feePercent} %`)}
        />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="affiliates.tabs.payment" path="payment">
        <PaymentTab />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="affiliates.tabs.company" path="company">
        <TextField source="companyName" label="affiliates.fields.companyName" emptyText="—" />
        <TextField source="country" label="affiliates.fields.country" emptyText="—" />
        <TextField source="state" label="affiliates.fields.state" emptyText="—" />
        <TextField source="city" label="affiliates.fields.city" emptyText="—" />
        <TextField source="address" label="affiliates.fields.address" emptyText="—" />
        <TextField source="zipcode" label="affiliates.fields.zipcode" emptyText="—" />
        <TextField source="taxId" label="affiliates.fields.taxId" emptyText="—" />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="affiliates.tabs.notes" path="notes">
        <NotesTab path={(id) => `${AFFILIATES_API}/${id}/notes`} namespace="affiliates" query={NEWEST_FIRST} />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="affiliates.tabs.referred" path="referred">
        <ReferredTab />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="affiliates.tabs.extra" path="extra">
        <SignupAnswers />
        <FunctionField
          label="affiliates.fields.referralLink"
          render={(record) => <code>{referralLinkOf(record)}</code>}
        />
        <DateField source="createdAt" label="affiliates.fields.createdAt" showTime />
        <DateField source="updatedAt" label="affiliates.fields.updatedAt" showTime emptyText="—" />
        <DateField source="lastLoginAt" label="affiliates.fields.lastLoginAt" showTime emptyText="—" />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
)
