import AddIcon from '@mui/icons-material/Add'
import EditIcon from '@mui/icons-material/EditOutlined'
import { Alert, Box, Typography } from '@mui/material'
import { useState } from 'react'
import {
  Button,
  DataTable,
  DeleteButton,
  NumberInput,
  ReferenceManyField,
  SelectField,
  SelectInput,
  useCanAccess,
  useRecordContext,
  useTranslate,
  type Identifier,
} from 'react-admin'
import {
  CAP_ACTIONS,
  CAP_PERIODS,
  CAP_TYPES,
  CAP_VARIABLES,
  CAP_VISIBILITIES,
  toCapPayload,
  validateCap,
} from '../caps'
import { CAPS_RESOURCE, choices } from '../model'
import { GroupError, PartDialog } from './PartDialog'

const CHOICES = {
  variable: choices('campaigns.caps.variables', CAP_VARIABLES),
  type: choices('campaigns.caps.types', CAP_TYPES),
  visibility: choices('campaigns.visibility', CAP_VISIBILITIES),
  action: choices('campaigns.caps.actions', CAP_ACTIONS),
}
const FIELDS = Object.keys(CHOICES) as Array<keyof typeof CHOICES>
const NEW_CAP = { variable: 'clicks', type: 'combined', visibility: 'public', action: 'reject_activity', limits: {} }

/** A cap's form: client checks of spec §5 (caps.ts), then the server's (field errors under the inputs). */
export const CapDialog = (props: { campaignId: Identifier; id?: Identifier; onClose: () => void }) => {
  const translate = useTranslate()
  return (
    <PartDialog
      {...props}
      resource={CAPS_RESOURCE}
      defaults={NEW_CAP}
      titles={{ add: 'campaigns.caps.add', edit: 'campaigns.caps.edit' }}
      notices={{ added: 'campaigns.caps.added', updated: 'campaigns.caps.updated' }}
      validate={validateCap}
      transform={toCapPayload}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {FIELDS.map((field) => (
          <SelectInput
            key={field}
            source={field}
            label={`campaigns.caps.fields.${field}`}
            choices={CHOICES[field]}
            emptyText=""
          />
        ))}
      </Box>
      <Typography variant="subtitle2">{translate('campaigns.caps.limits')}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(5, 1fr)' }, columnGap: 2, pt: 1 }}>
        {CAP_PERIODS.map((period) => (
          <NumberInput
            key={period}
            source={`limits.${period}`}
            label={`campaigns.caps.periods.${period}`}
            min={1}
            step={1}
          />
        ))}
      </Box>
      <GroupError name="limits" />
    </PartDialog>
  )
}

const EditCapButton = ({ campaignId }: { campaignId: Identifier }) => {
  const cap = useRecordContext()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button label="campaigns.caps.edit" onClick={() => setOpen(true)}>
        <EditIcon />
      </Button>
      {open && cap && <CapDialog campaignId={campaignId} id={cap.id} onClose={() => setOpen(false)} />}
    </>
  )
}

const limitsText = (limits: Record<string, number | null> | undefined, translate: (key: string) => string) =>
  CAP_PERIODS.filter((period) => limits?.[period] != null)
    .map((period) => `${translate(`campaigns.caps.periods.${period}`)}: ${limits![period]}`)
    .join(', ')

/** Caps of the campaign: list, add, edit, delete (affiliates: read-only, public values only — the server filters). */
export const CapsTab = () => {
  const campaign = useRecordContext()
  const translate = useTranslate()
  const { canAccess: manage = false } = useCanAccess({ resource: CAPS_RESOURCE, action: 'edit' })
  const [adding, setAdding] = useState(false)
  if (!campaign) return null
  return (
    <Box sx={{ maxWidth: 1100 }}>
      {manage && <Button label="campaigns.caps.add" onClick={() => setAdding(true)} startIcon={<AddIcon />} />}
      <ReferenceManyField
        reference={CAPS_RESOURCE}
        target="campaignId"
        perPage={100}
        error={<Alert severity="warning">{translate('campaigns.caps.unavailable')}</Alert>}
      >
        <DataTable
          bulkActionButtons={false}
          rowClick={false}
          aria-label={translate('campaigns.tabs.caps')}
          // Not ReferenceManyField's `empty`: react-admin ignores it when the field has an `error`.
          empty={<Typography variant="body2">{translate('campaigns.caps.empty')}</Typography>}
        >
          {/* Variable, type, visibility, the limits, then the action. */}
          {FIELDS.flatMap((field) => [
            field === 'action' && (
              <DataTable.Col
                key="limits"
                label="campaigns.caps.limits"
                render={(cap) => limitsText(cap.limits, translate)}
              />
            ),
            <DataTable.Col key={field} source={field} label={`campaigns.caps.fields.${field}`}>
              <SelectField source={field} choices={CHOICES[field]} />
            </DataTable.Col>,
          ])}
          {manage && (
            <DataTable.Col align="right">
              <EditCapButton campaignId={campaign.id} />
              <DeleteButton
                label="campaigns.caps.delete"
                mutationMode="pessimistic"
                mutationOptions={{ meta: { campaignId: campaign.id } }}
                redirect={false}
                successMessage="campaigns.caps.deleted"
                confirmTitle="campaigns.caps.delete"
                confirmContent="ra.message.are_you_sure"
              />
            </DataTable.Col>
          )}
        </DataTable>
      </ReferenceManyField>
      {adding && <CapDialog campaignId={campaign.id} onClose={() => setAdding(false)} />}
    </Box>
  )
}
