import type { ApiRouter } from '@affix/core/kernel'
import { listQueryParameters } from '@affix/core/kernel'
import { DEEP_LINK_LIST } from './lists.js'
import { createDeepLinkValidator, updateDeepLinkValidator } from './validators.js'
import { DeepLinkSchema, DeletedDeepLinkSchema } from './schemas.js'

const DeepLinksController = () => import('./controllers/deep_links_controller.js')

/** Only for organisations with the `edl` feature (spec §6); other callers get 403. */
export function deepLinksRoutes(api: ApiRouter) {
  api.get(
    '/deep-links',
    {
      name: 'listDeepLinks',
      summary: 'List deep links (feature edl; affiliates see the active ones)',
      query: listQueryParameters(DEEP_LINK_LIST),
      response: { status: 200, list: DeepLinkSchema },
    },
    [DeepLinksController, 'index']
  )
  api.post(
    '/deep-links',
    {
      name: 'createDeepLink',
      summary: 'Create a deep link (feature edl)',
      body: createDeepLinkValidator,
      response: { status: 201, data: DeepLinkSchema },
    },
    [DeepLinksController, 'store']
  )
  api.get(
    '/deep-links/:id',
    { name: 'getDeepLink', summary: 'Get a deep link (feature edl)', response: { status: 200, data: DeepLinkSchema } },
    [DeepLinksController, 'show']
  )
  api.patch(
    '/deep-links/:id',
    {
      name: 'updateDeepLink',
      summary: 'Update a deep link (feature edl)',
      body: updateDeepLinkValidator,
      response: { status: 200, data: DeepLinkSchema },
    },
    [DeepLinksController, 'update']
  )
  api.put(
    '/deep-links/:id',
    {
      name: 'replaceDeepLink',
      summary: 'Update a deep link (react-admin sends PUT)',
      body: updateDeepLinkValidator,
      response: { status: 200, data: DeepLinkSchema },
    },
    [DeepLinksController, 'update']
  )
  api.delete(
    '/deep-links/:id',
    {
      name: 'deleteDeepLink',
      summary: 'Delete a deep link (soft delete; feature edl)',
      response: { status: 200, data: DeletedDeepLinkSchema },
    },
    [DeepLinksController, 'destroy']
  )
}
