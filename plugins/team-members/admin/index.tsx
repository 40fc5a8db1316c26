/*
 * Admin UI of the team-members plugin (package export "./admin"): the Team members tab of
 * /account (?tab=teamMembers, a tab added to core's account screen) and a member's page
 * (/account/team-member/:memberId) with its report scope and assigned affiliates. The
 * footer's User → Team Members entry is core's layout (spec §2); it shows while the account
 * holds `team_members`, which only this plugin grants.
 */
import { reactRouterProvider } from 'react-admin'
import { lazyScreen, type AdminPlugin } from '@affix/admin-ui/plugin-api'
import { TEAM_MEMBERS_API, TEAM_MEMBERS_RESOURCE } from './teamMembers'
import { en } from './i18n/en'
import { pt } from './i18n/pt'
import { tr } from './i18n/tr'

// react-router's <Route>, the very copy react-admin's <CustomRoutes> reads.
const { Route } = reactRouterProvider

const MEMBER_PATH = '/account/team-member/:memberId'
const TeamMembersTab = lazyScreen(() => import('./TeamMembersTab').then((module) => module.TeamMembersTab))
const TeamMemberDetail = lazyScreen(() => import('./TeamMemberDetail').then((module) => module.default))

const teamMembersAdmin: AdminPlugin = {
  id: 'team-members',
  resources: [],
  // The tab's table: a paged collection, not a <Resource> of its own.
  collections: [{ name: TEAM_MEMBERS_RESOURCE, apiPath: TEAM_MEMBERS_API }],
  messages: { en, pt, tr },
  screenTabs: [
    {
      screen: 'account',
      id: 'teamMembers',
      label: 'teamMembers.tab',
      subject: 'team_members',
      component: TeamMembersTab,
    },
  ],
  routes: [<Route key={MEMBER_PATH} path={MEMBER_PATH} element={<TeamMemberDetail />} />],
  routeMeta: [{ path: MEMBER_PATH, title: 'teamMembers.detail', subject: 'team_members' }],
}

export default teamMembersAdmin
