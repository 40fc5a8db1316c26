/*
 * /engagements/customer-details/{customerId}: one player — profile, attribution (and why
 * each rule that was tried failed), FTD, fraud mark, the click log, activity by day,
 * conversions and reassignments. Those who manage customers can mark it as fraud (after a
 * confirmation: it cannot be undone) and reassign it to another affiliate from a date.
 */
import { SectionErrorBoundary, StatusTag, type AffixDataProvider } from '@affix/admin-ui/plugin-api'
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import {
  DateField,
  RecordContextProvider,
  ReferenceField,
  Title,
  useCanAccess,
  useDataProvider,
  useParams,
  useTranslate,
} from 'react-admin'
import { AMOUNT_FIELDS, B_FIELDS_SHOWN, CUSTOMERS_API, showsBetCount, type CustomerDetail } from '../model'
import { formatAmount } from '../shared/fields'
import { FraudButton } from './FraudButton'
import { ReassignButton } from './ReassignButton'

const FIELD = 'resources.engagements/customer.fields'

export const customerDetailQueryKey = (id: string | number) => ['customers', 'detail', String(id)]

const Detail = ({ label, children }: { label: string; children: ReactNode }) => {
  const translate = useTranslate()
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Typography>
    </Box>
  )
}

const Grid = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 2 }}>{children}</Box>
)

const Section = ({ title, testId, children }: { title: string; testId: string; children: ReactNode }) => {
  const translate = useTranslate()
  return (
    <Card sx={{ mb: 2 }} data-testid={testId}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate(title)}
        </Typography>
        <SectionErrorBoundary>{children}</SectionErrorBoundary>
      </CardContent>
    </Card>
  )
}

const Reference = ({ source, reference, value }: { source: string; reference: string; value: unknown }) => {
  const { canAccess = false } = useCanAccess({ resource: reference, action: 'show' })
  if (value === null || value === undefined) return <>—</>
  if (!canAccess) return <>#{String(value)}</>
  return (
    <RecordContextProvider value={{ id: 0, [source]: value }}>
      <ReferenceField source={source} reference={reference} link={false} />
    </RecordContextProvider>
  )
}

const Empty = ({ message }: { message: string }) => {
  const translate = useTranslate()
  return (
    <Typography variant="body2" color="text.secondary">
      {translate(message)}
    </Typography>
  )
}

const ProfileSection = ({ detail }: { detail: CustomerDetail }) => {
  const { customer } = detail
  const bFields = B_FIELDS_SHOWN.filter((field) => customer[field])
  return (
    <Section title="customers.details.profile" testId="customer-profile">
      <Grid>
        <Detail label={`${FIELD}.cuid`}>{customer.cuid}</Detail>
        <Detail label={`${FIELD}.cuName`}>{customer.cuName}</Detail>
        <Detail label={`${FIELD}.email`}>{customer.email}</Detail>
        <Detail label={`${FIELD}.ip`}>{customer.ip}</Detail>
        <Detail label={`${FIELD}.registeredAt`}>
          <RecordContextProvider value={customer}>
            <DateField source="registeredAt" showTime />
          </RecordContextProvider>
        </Detail>
        <Detail label={`${FIELD}.country`}>{customer.country}</Detail>
        <Detail label={`${FIELD}.currency`}>{customer.currency}</Detail>
        <Detail label={`${FIELD}.brandId`}>
          <Reference source="brandId" reference="manage/brand" value={customer.brandId} />
        </Detail>
        <Detail label={`${FIELD}.coupon`}>{customer.coupon}</Detail>
        <Detail label={`${FIELD}.source`}>{customer.source}</Detail>
        {bFields.map((field) => (
          <Detail key={field} label={`customers.details.b_field`}>
            {`${field}: ${customer[field]}`}
          </Detail>
        ))}
      </Grid>
    </Section>
  )
}

const AttributionSection = ({ detail }: { detail: CustomerDetail }) => {
  const translate = useTranslate()
  const { attribution, ftd } = detail
  return (
    <Section title="customers.details.attribution" testId="customer-attribution">
      <Grid>
        <Detail label={`${FIELD}.attributionSource`}>
          {translate(`customers.sources.${attribution.source}`, { _: attribution.source })}
        </Detail>
        <Detail label={`${FIELD}.campaignId`}>
          <Reference source="campaignId" reference="manage/campaign" value={attribution.campaignId} />
        </Detail>
        <Detail label={`${FIELD}.affiliateId`}>
          <Reference source="affiliateId" reference="manage/affiliate" value={attribution.affiliateId} />
        </Detail>
        <Detail label={`${FIELD}.clickId`}>{attribution.clickId}</Detail>
        <Detail label={`${FIELD}.ftd`}>{ftd ? `${ftd.date} · ${formatAmount(ftd.amount, ftd.currency)}` : null}</Detail>
      </Grid>
      {attribution.failures.length > 0 && (
        <Box sx={{ mt: 2 }} data-testid="attribution-failures">
          <Typography variant="subtitle2" gutterBottom>
            {translate('customers.details.failed_rules')}
          </Typography>
          {attribution.failures.map((failure, index) => (
            <Typography key={index} variant="body2">
              <Chip
                size="small"
                sx={{ mr: 1 }}
                label={translate(`customers.rules.${failure.rule}`, { _: failure.rule })}
              />
              {failure.message}
            </Typography>
          ))}
        </Box>
      )}
    </Section>
  )
}

const SimpleTable = ({ headers, rows, testId }: { headers: string[]; rows: ReactNode[][]; testId: string }) => {
  const translate = useTranslate()
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            {headers.map((header) => (
              <TableCell key={header}>{translate(header)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((cells, index) => (
            <TableRow key={index}>
              {cells.map((cell, column) => (
                <TableCell key={column} sx={{ whiteSpace: 'nowrap' }}>
                  {cell ?? '—'}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  )
}

const ACTIVITY_FIELD = 'resources.engagements/activity.fields'
const DAY_AMOUNTS = AMOUNT_FIELDS.filter((field) => field !== 'ftdAmount')

const ActivitySection = ({ detail }: { detail: CustomerDetail }) => {
  const translate = useTranslate()
  const days = detail.activityByDay
  return (
    <Section title="customers.details.activity" testId="customer-activity">
      {days.length === 0 ? (
        <Empty message="customers.details.no_activity" />
      ) : (
        <SimpleTable
          testId="activity-by-day"
          headers={[
            `${ACTIVITY_FIELD}.date`,
            `${ACTIVITY_FIELD}.currency`,
            ...DAY_AMOUNTS.map((field) => `${ACTIVITY_FIELD}.${field}`),
            `${ACTIVITY_FIELD}.depositCount`,
            `${ACTIVITY_FIELD}.betCount`,
          ]}
          rows={days.map((day) => [
            <>
              {day.date}
              {day.isFtd && <Chip size="small" color="success" sx={{ ml: 1 }} label={translate('customers.ftd')} />}
            </>,
            day.currency,
            ...DAY_AMOUNTS.map((field) => day[field] ?? '0'),
            day.depositCount,
            showsBetCount(day.date) ? (day.betCount ?? '—') : '—',
          ])}
        />
      )}
    </Section>
  )
}

const ClicksSection = ({ detail }: { detail: CustomerDetail }) => {
  const translate = useTranslate()
  return (
    <Section title="customers.details.clicks" testId="customer-clicks">
      {detail.clicks.length === 0 ? (
        <Empty message="customers.details.no_clicks" />
      ) : (
        <SimpleTable
          testId="customer-click-log"
          headers={[
            `${FIELD}.clickedAt`,
            `${FIELD}.clickId`,
            `${FIELD}.outcome`,
            `${FIELD}.ip`,
            `${FIELD}.country`,
            `${FIELD}.device`,
          ]}
          rows={detail.clicks.map((click) => [
            new Date(click.createdAt).toLocaleString(),
            click.clickId,
            translate(`customers.click_outcomes.${click.outcome}`, { _: click.outcome }),
            click.ip,
            click.country,
            [click.device, click.os, click.browser].filter(Boolean).join(' · ') || '—',
          ])}
        />
      )}
    </Section>
  )
}

const ConversionsSection = ({ detail }: { detail: CustomerDetail }) => {
  const translate = useTranslate()
  if (detail.conversions.length === 0) return null
  return (
    <Section title="customers.details.conversions" testId="customer-conversions">
      <SimpleTable
        testId="customer-conversion-list"
        headers={[
          'resources.engagements/conversion.fields.date',
          'resources.engagements/conversion.fields.type',
          'resources.engagements/conversion.fields.amount',
          'resources.engagements/conversion.fields.capStatus',
        ]}
        rows={detail.conversions.map((conversion) => [
          conversion.date,
          translate(`customers.conversion_types.${conversion.type}`, { _: conversion.type }),
          formatAmount(conversion.amount, conversion.currency),
          translate(`customers.cap_statuses.${conversion.capStatus}`, { _: conversion.capStatus }),
        ])}
      />
    </Section>
  )
}

const ReassignmentsSection = ({ detail }: { detail: CustomerDetail }) => {
  if (detail.reassignments.length === 0) return null
  return (
    <Section title="customers.details.reassignments" testId="customer-reassignments">
      <SimpleTable
        testId="customer-reassignment-list"
        headers={[
          'customers.reassign.from',
          'customers.reassign.to',
          'customers.reassign.effective_date',
          'customers.reassign.reason',
        ]}
        rows={detail.reassignments.map((move) => [
          <Reference key="from" source="affiliateId" reference="manage/affiliate" value={move.fromAffiliateId} />,
          <Reference key="to" source="affiliateId" reference="manage/affiliate" value={move.toAffiliateId} />,
          move.effectiveDate,
          move.reason,
        ])}
      />
    </Section>
  )
}

export const CustomerDetails = () => {
  const { customerId = '' } = useParams<{ customerId: string }>()
  const translate = useTranslate()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const { canAccess: manages = false } = useCanAccess({ resource: 'customers', action: 'manage' })
  const {
    data: detail,
    error,
    isPending,
  } = useQuery({
    queryKey: customerDetailQueryKey(customerId),
    queryFn: async () => (await dataProvider.request<CustomerDetail>(`${CUSTOMERS_API}/${customerId}`)).data,
  })

  if (isPending) return <LinearProgress sx={{ mt: 2 }} />
  if (error || !detail?.customer)
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        {error instanceof Error ? error.message : translate('ra.notification.http_error')}
      </Alert>
    )

  const { customer, fraud } = detail
  return (
    <Box sx={{ mt: 2 }} data-testid="customer-details">
      <Title title={translate('customers.details.title', { cuid: customer.cuid })} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5">{customer.cuid}</Typography>
        <StatusTag
          status={customer.status === 'fraud' ? 'rejected' : 'active'}
          label={translate(`customers.status.${customer.status}`)}
        />
        <Box sx={{ flex: 1 }} />
        {manages && customer.attributionSource !== 'none' && customer.status !== 'fraud' && (
          <ReassignButton customer={customer} />
        )}
        {manages && customer.status !== 'fraud' && <FraudButton customer={customer} />}
      </Stack>
      {fraud && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="fraud-mark">
          {translate('customers.fraud.marked_at', { date: new Date(fraud.markedAt).toLocaleString() })}
          {fraud.reason ? ` — ${fraud.reason}` : ''}
        </Alert>
      )}
      <ProfileSection detail={detail} />
      <AttributionSection detail={detail} />
      <ActivitySection detail={detail} />
      <ClicksSection detail={detail} />
      <ConversionsSection detail={detail} />
      <ReassignmentsSection detail={detail} />
    </Box>
  )
}
