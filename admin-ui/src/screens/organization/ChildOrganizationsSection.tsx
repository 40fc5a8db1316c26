import AddIcon from '@mui/icons-material/AddBusiness'
import SwitchIcon from '@mui/icons-material/SwitchAccount'
import TuneIcon from '@mui/icons-material/Tune'
import {
  Alert,
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import {
  BooleanInput,
  Button,
  CheckboxGroupInput,
  NumberInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  maxValue,
  minValue,
  useLocaleState,
  useTranslate,
} from 'react-admin'
import { currentCoid, setCoid } from '../../session'
import { useApi, useFormSubmit } from '../api'
import { formatDateTime } from '../shared/dates'
import { Section } from '../shared/Section'
import { StatusChip } from '../shared/StatusChip'
import { requiredEmail, requiredText, validateText } from '../shared/validation'
import { INTEGRATIONS, type Organization, type Restrictions } from './organization'

const CHILDREN_KEY = ['affix', 'organization-children']

/** Acting on a child is a `coid` on every call: the whole app reloads into it. */
export function actOn(childId: number | null) {
  setCoid(childId)
  window.location.reload()
}

/** Child organisations of a parent: register, restrict, act on one. */
export const ChildOrganizationsSection = ({ isParent, manage }: { isParent: boolean; manage: boolean }) => {
  const api = useApi()
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const [adding, setAdding] = useState(false)
  const [restricting, setRestricting] = useState<Organization | null>(null)
  const coid = currentCoid()
  const { data: children = [] } = useQuery({
    queryKey: CHILDREN_KEY,
    queryFn: () => api.get<Organization[]>('/api/v1/organization/child'),
    enabled: isParent,
  })
  if (!isParent) return null
  const actingOn = children.find((child) => child.id === coid)

  return (
    <Section
      title="affix.screens.organization.children.title"
      subtitle="affix.screens.organization.children.help"
      action={
        manage && !coid ? (
          <Button
            label="affix.screens.organization.children.add"
            onClick={() => setAdding(true)}
            startIcon={<AddIcon />}
          />
        ) : undefined
      }
    >
      {coid && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={<Button label="affix.screens.organization.children.back_to_parent" onClick={() => actOn(null)} />}
        >
          {translate('affix.screens.organization.children.acting_on', { name: actingOn?.name ?? `#${coid}` })}
        </Alert>
      )}
      {children.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('affix.screens.organization.children.none')}
        </Typography>
      ) : (
        <Table size="small" aria-label={translate('affix.screens.organization.children.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('affix.screens.organization.fields.name')}</TableCell>
              <TableCell>{translate('affix.screens.common.created')}</TableCell>
              <TableCell>{translate('affix.screens.organization.children.verified')}</TableCell>
              <TableCell>{translate('affix.screens.organization.children.restrictions')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {children.map((child) => (
              <TableRow key={child.id} selected={child.id === coid}>
                <TableCell>{child.name}</TableCell>
                <TableCell>{formatDateTime(child.createdAt, locale)}</TableCell>
                <TableCell>
                  <StatusChip status={child.verifiedAt ? 'verified' : 'pending'} />
                </TableCell>
                <TableCell>
                  <RestrictionSummary restrictions={child.restrictions} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {manage && (
                    <Button
                      label="affix.screens.organization.children.restrict"
                      onClick={() => setRestricting(child)}
                      startIcon={<TuneIcon />}
                    />
                  )}
                  {child.id !== coid && (
                    <Button
                      label="affix.screens.organization.children.act_on"
                      onClick={() => actOn(child.id)}
                      startIcon={<SwitchIcon />}
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {adding && <AddChildDialog onClose={() => setAdding(false)} />}
      {restricting && <RestrictionsDialog child={restricting} onClose={() => setRestricting(null)} />}
    </Section>
  )
}

const RestrictionSummary = ({ restrictions }: { restrictions?: Restrictions }) => {
  const translate = useTranslate()
  const lines = [
    restrictions?.disableProductChanges && translate('affix.screens.organization.restrictions.disableProductChanges'),
    restrictions?.maxProductsPerBrand &&
      translate('affix.screens.organization.restrictions.max_products', { max: restrictions.maxProductsPerBrand }),
    ...(restrictions?.disabledIntegrations ?? []).map((id) =>
      translate('affix.screens.organization.restrictions.integration_off', {
        name: translate(`affix.screens.organization.integrations.${id}`),
      })
    ),
    restrictions?.disableAffiliateInvoices &&
      translate('affix.screens.organization.restrictions.disableAffiliateInvoices'),
  ].filter(Boolean) as string[]
  if (!lines.length) return <>{translate('affix.screens.organization.restrictions.none')}</>
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </Box>
  )
}

interface NewChild {
  name: string
  adminEmail: string
  adminName?: string
}

const AddChildDialog = ({ onClose }: { onClose: () => void }) => {
  const api = useApi()
  const translate = useTranslate()
  const queryClient = useQueryClient()
  const submit = useFormSubmit(
    (values: NewChild) =>
      api.post<Organization>('/api/v1/organization/child', {
        ...values,
        adminName: values.adminName?.trim() || undefined,
      }),
    {
      success: 'affix.screens.organization.children.created',
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: CHILDREN_KEY })
        onClose()
      },
    }
  )
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="add-child-title">
      <DialogTitle id="add-child-title">{translate('affix.screens.organization.children.add')}</DialogTitle>
      <DialogContent>
        <SimpleForm
          noValidate
          onSubmit={submit}
          toolbar={
            <Toolbar sx={{ gap: 1 }}>
              <SaveButton />
              <Button label="ra.action.cancel" onClick={onClose} />
            </Toolbar>
          }
          sx={{ p: 0 }}
        >
          <TextInput source="name" label="affix.screens.organization.children.name" validate={requiredText} fullWidth />
          <TextInput
            source="adminEmail"
            type="email"
            label="affix.screens.organization.children.adminEmail"
            validate={requiredEmail}
            fullWidth
          />
          <TextInput
            source="adminName"
            label="affix.screens.organization.children.adminName"
            validate={validateText}
            fullWidth
          />
          <Alert severity="info" sx={{ width: '100%' }}>
            {translate('affix.screens.organization.children.invitation')}
          </Alert>
        </SimpleForm>
      </DialogContent>
    </Dialog>
  )
}

const RestrictionsDialog = ({ child, onClose }: { child: Organization; onClose: () => void }) => {
  const api = useApi()
  const translate = useTranslate()
  const queryClient = useQueryClient()
  const submit = useFormSubmit(
    (values: Restrictions) =>
      api.patch<Organization>(`/api/v1/organization/child/${child.id}/restrictions`, {
        disableProductChanges: Boolean(values.disableProductChanges),
        maxProductsPerBrand:
          values.maxProductsPerBrand === undefined || values.maxProductsPerBrand === null
            ? null
            : Number(values.maxProductsPerBrand),
        disabledIntegrations: values.disabledIntegrations ?? [],
        disableAffiliateInvoices: Boolean(values.disableAffiliateInvoices),
      }),
    {
      success: 'affix.screens.organization.restrictions.saved',
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: CHILDREN_KEY })
        onClose()
      },
    }
  )
  const integrations = INTEGRATIONS.map((id) => ({ id, name: `affix.screens.organization.integrations.${id}` }))
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="restrictions-title">
      <DialogTitle id="restrictions-title">
        {translate('affix.screens.organization.restrictions.title', { name: child.name })}
      </DialogTitle>
      <DialogContent>
        <SimpleForm
          noValidate
          record={{ id: child.id, ...child.restrictions }}
          onSubmit={submit}
          toolbar={
            <Toolbar sx={{ gap: 1 }}>
              <SaveButton />
              <Button label="ra.action.cancel" onClick={onClose} />
            </Toolbar>
          }
          sx={{ p: 0 }}
        >
          <BooleanInput
            source="disableProductChanges"
            label="affix.screens.organization.restrictions.disableProductChanges"
          />
          <NumberInput
            source="maxProductsPerBrand"
            label="affix.screens.organization.restrictions.maxProductsPerBrand"
            helperText="affix.screens.organization.restrictions.max_help"
            validate={[minValue(1), maxValue(100000)]}
            min={1}
            step={1}
            fullWidth
          />
          <CheckboxGroupInput
            source="disabledIntegrations"
            label="affix.screens.organization.restrictions.disabledIntegrations"
            choices={integrations}
          />
          <BooleanInput
            source="disableAffiliateInvoices"
            label="affix.screens.organization.restrictions.disableAffiliateInvoices"
          />
        </SimpleForm>
      </DialogContent>
    </Dialog>
  )
}
