import type { PermissionDefinition } from '#kernel/permissions'

/**
 * Core's own subjects (spec §6). Sub-admin is admin minus configuration, billing, team
 * members, settings and help; parent organisations manage organisations, billing, team
 * members and dashboards; every panel reads and edits its own account.
 */
export const CORE_PERMISSIONS: PermissionDefinition[] = [
  {
    subject: 'account',
    actions: ['read', 'manage'],
    grants: Object.fromEntries(
      (['admin', 'sub-admin', 'affiliate', 'afm', 'adm', 'brand', 'parent', 'superadmin'] as const).map((role) => [
        role,
        ['read', 'manage'],
      ])
    ),
  },
  {
    subject: 'dashboard',
    actions: ['read'],
    grants: {
      admin: ['read'],
      'sub-admin': ['read'],
      parent: ['read'],
      superadmin: ['read'],
      afm: ['read'],
      adm: ['read'],
      affiliate: ['read'],
      brand: ['read'],
    },
  },
  {
    subject: 'organization',
    actions: ['read', 'manage'],
    grants: { admin: ['read', 'manage'], 'sub-admin': ['read'], parent: ['read', 'manage'] },
  },
  {
    subject: 'billing',
    actions: ['read', 'manage'],
    grants: { admin: ['read', 'manage'], parent: ['read', 'manage'] },
  },
  { subject: 'settings', actions: ['read', 'manage'], grants: { admin: ['read', 'manage'] } },
  { subject: 'configuration', actions: ['read', 'manage'], grants: { admin: ['read', 'manage'] } },
  {
    subject: 'help',
    actions: ['read'],
    grants: { admin: ['read'], parent: ['read'], affiliate: ['read'], afm: ['read'], adm: ['read'], brand: ['read'] },
  },
  {
    subject: 'plugins',
    actions: ['read', 'manage'],
    grants: { admin: ['read', 'manage'], 'sub-admin': ['read'], parent: ['read'] },
  },
  // The downloads history (GET /exports…): every panel sees the exports it made, of the
  // resources it can still read (an export's `resource` is its permission subject).
  {
    subject: 'exports',
    actions: ['read'],
    description: 'Downloads: your exports',
    grants: Object.fromEntries(
      (['admin', 'sub-admin', 'affiliate', 'afm', 'adm', 'brand', 'parent', 'superadmin'] as const).map((role) => [
        role,
        ['read'],
      ])
    ),
  },
  // manage: cancel anyone's import (the uploader may always cancel its own).
  {
    subject: 'imports',
    actions: ['read', 'manage'],
    grants: { admin: ['read', 'manage'], 'sub-admin': ['read', 'manage'], afm: ['read'] },
  },
  // Spec §6: admins and affiliates manage their API configuration (keys and the API log).
  {
    subject: 'api_keys',
    actions: ['read', 'manage'],
    grants: { admin: ['read', 'manage'], affiliate: ['read', 'manage'] },
  },
  {
    subject: 'login_as',
    actions: ['manage'],
    description: 'Log in as an affiliate or brand (admin), as an admin (superadmin)',
    grants: { admin: ['manage'], superadmin: ['manage'] },
  },
  // The three reports an admin can switch off (spec §6, kernel/report_switches.ts) are declared
  // here, beside their switch; a reports plugin implements them, calls assertReportEnabled and
  // declares its other reports as report.<name> (it must not declare these three again).
  {
    subject: 'report.customer',
    actions: ['read'],
    description: 'Customer report',
    grants: {
      admin: ['read'],
      'sub-admin': ['read'],
      affiliate: ['read'],
      afm: ['read'],
      adm: ['read'],
      brand: ['read'],
    },
  },
  {
    subject: 'report.activity',
    actions: ['read'],
    description: 'Activity report',
    grants: {
      admin: ['read'],
      'sub-admin': ['read'],
      affiliate: ['read'],
      afm: ['read'],
      adm: ['read'],
      brand: ['read'],
    },
  },
  {
    subject: 'report.conversion',
    actions: ['read'],
    description: 'Conversion report (feature an_cr or an_cl)',
    requiresAnyFlag: ['an_cr', 'an_cl'],
    grants: { admin: ['read'], 'sub-admin': ['read'], adm: ['read'], brand: ['read'] },
  },
]
