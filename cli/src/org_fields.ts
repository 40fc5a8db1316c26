/* Output shared by the orgs commands. */
import type { AccountDetail, AccountSummary, Organization, TimelineEntry } from '@affix/sdk'
import { renderDetails, type Column } from './output.js'

export function organizationDetails(org: Organization): string {
  const preferences = org.preferences
  return renderDetails([
    ['ID', org.id],
    ['Name', org.name],
    ['Type', org.type],
    ['Panel type', org.panelType],
    ['Parent', org.parentId],
    ['Currency', preferences?.currency],
    ['Language', preferences?.language],
    ['Timezone', preferences?.timezone],
    ['Theme colour', preferences?.themeColor],
    ['Week starts on', preferences?.weekStartDay],
    ['Default report days', preferences?.defaultReportDays],
    ['Logo', org.logoUrl],
    ['Login logo', org.loginLogoUrl],
    ['Icon', org.favIconUrl],
    ['Disabled reports', org.disabledReports?.length ? org.disabledReports.join(', ') : null],
    ['Created', org.createdAt],
  ])
}

export function restrictionDetails(org: Organization): string {
  const restrictions = org.restrictions ?? {}
  return renderDetails([
    ['Product changes', restrictions.disableProductChanges ? 'disabled' : 'allowed'],
    ['Max products per brand', restrictions.maxProductsPerBrand ?? 'no limit'],
    [
      'Disabled integrations',
      restrictions.disabledIntegrations?.length ? restrictions.disabledIntegrations.join(', ') : 'none',
    ],
    ['Affiliate invoices', restrictions.disableAffiliateInvoices ? 'disabled' : 'allowed'],
  ])
}

export const childColumns: Column<Organization>[] = [
  { header: 'ID', value: (org) => org.id },
  { header: 'NAME', value: (org) => org.name },
  { header: 'TYPE', value: (org) => org.type },
  { header: 'CREATED', value: (org) => org.createdAt },
]

export const timelineColumns: Column<TimelineEntry>[] = [
  { header: 'ID', value: (entry) => entry.id },
  { header: 'WHEN', value: (entry) => entry.createdAt },
  { header: 'ACTION', value: (entry) => entry.action },
  { header: 'USER', value: (entry) => entry.userId },
  { header: 'CHANGES', value: (entry) => JSON.stringify(entry.changes) },
]

export const accountColumns: Column<AccountSummary>[] = [
  { header: 'ID', value: (account) => account.id },
  { header: 'NAME', value: (account) => account.name },
  { header: 'TYPE', value: (account) => account.type },
  { header: 'OWNER', value: (account) => account.ownerEmail },
  { header: 'USERS', value: (account) => account.usersCount },
  { header: 'BILLING', value: (account) => account.billingState },
  { header: 'LOCKED', value: (account) => (account.panelLocked ? 'yes' : 'no') },
  { header: 'VERIFIED', value: (account) => account.verifiedAt },
  { header: 'CREATED', value: (account) => account.createdAt },
]

export function accountDetails(account: AccountDetail): string {
  return renderDetails([
    ['ID', account.id],
    ['Name', account.name],
    ['Type', account.type],
    ['Owner', account.owner ? `${account.owner.email} (${account.owner.status})` : null],
    ['Users', account.usersCount],
    ['Billing', account.billingState],
    ['Panel locked', account.panelLocked ? 'yes' : 'no'],
    ['Verified', account.verifiedAt],
    ['Created', account.createdAt],
  ])
}
