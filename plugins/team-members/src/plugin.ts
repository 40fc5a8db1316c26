/*
 * The `team-members` plugin (spec §3 "Team members", §6): the organisation's sub-admins, AFMs
 * and ADMs, what each sees in reports (its report scope) and which affiliates are assigned to
 * it. Admins, parents and owner sub-admins manage them. The id is the path segment the
 * feature had in core, so its API (/api/v1/team-members, operationIds …TeamMember…, scopes
 * team_members:read|write) did not change when it moved here.
 *
 * Team members are panels (core's `users`): the plugin reads them through core's `panels`
 * view and writes them through the kernel (addPanel, updatePanel, setPanelsStatus,
 * setReportScope, the team-assignment functions), so core's identity rules hold: only the
 * person sets their password, one address per organisation, sessions end when they must.
 * The team scope that narrows reports for a team member stays in the kernel
 * (kernel/team_scope.ts), as plugins read it whether or not this one is enabled.
 */
import { fileURLToPath } from 'node:url'
import { definePlugin } from '@affix/core/kernel'
import { teamMembersRoutes } from './routes.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default definePlugin({
  id: 'team-members',
  name: 'Team members',
  description: 'Sub-admins, AFMs and ADMs: their report scope and assigned affiliates',
  dependsOn: [],
  lang: here('../resources/lang'),
  routes: teamMembersRoutes,
  // Spec §6: admins and parents manage the team; an owner sub-admin does too (core adds
  // both abilities to the organisation's owner sub-admin while this plugin is enabled).
  permissions: [
    {
      subject: 'team_members',
      actions: ['read', 'manage'],
      description: 'Team members, their report scope and assigned affiliates',
      grants: { admin: ['read', 'manage'], parent: ['read', 'manage'] },
    },
  ],
})
