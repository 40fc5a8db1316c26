import type { ApiRouter } from '@affix/core/kernel'
import { listQueryParameters } from '@affix/core/kernel'
import { GROUP_LIST } from './groups/lists.js'
import { createGroupValidator, updateGroupValidator } from './groups/validators.js'
import { AffiliateGroupSchema, DeletedGroupSchema } from './groups/schemas.js'

const GroupsController = () => import('./controllers/groups_controller.js')

/** Affiliate groups (spec §3 "Affiliate group: name, affiliates, primary and other groups"). */
export function groupsRoutes(api: ApiRouter) {
  api.get(
    '/groups',
    {
      name: 'listGroups',
      scope: 'affiliates:read',
      summary: 'List affiliate groups',
      query: listQueryParameters(GROUP_LIST),
      response: { status: 200, list: AffiliateGroupSchema },
    },
    [GroupsController, 'index']
  )
  api.post(
    '/groups',
    {
      name: 'createGroup',
      scope: 'affiliates:write',
      summary: 'Create an affiliate group (at least one affiliate; optional parent group)',
      body: createGroupValidator,
      response: { status: 201, data: AffiliateGroupSchema },
    },
    [GroupsController, 'store']
  )
  api.get(
    '/groups/:id',
    {
      name: 'getGroup',
      scope: 'affiliates:read',
      summary: 'Get an affiliate group',
      response: { status: 200, data: AffiliateGroupSchema },
    },
    [GroupsController, 'show']
  )
  api.patch(
    '/groups/:id',
    {
      name: 'updateGroup',
      scope: 'affiliates:write',
      summary: 'Update an affiliate group (refused with 409 while it is tied to a campaign)',
      body: updateGroupValidator,
      response: { status: 200, data: AffiliateGroupSchema },
    },
    [GroupsController, 'update']
  )
  api.put(
    '/groups/:id',
    {
      name: 'replaceGroup',
      scope: 'affiliates:write',
      summary: 'Update an affiliate group (react-admin sends PUT)',
      body: updateGroupValidator,
      response: { status: 200, data: AffiliateGroupSchema },
    },
    [GroupsController, 'update']
  )
  api.delete(
    '/groups/:id',
    {
      name: 'deleteGroup',
      scope: 'affiliates:write',
      summary: 'Delete an affiliate group (refused with 409 while it is tied to a campaign)',
      response: { status: 200, data: DeletedGroupSchema },
    },
    [GroupsController, 'destroy']
  )
}
