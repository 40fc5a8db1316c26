import type { ApiRouter } from '@affix/core/kernel'
import { listQueryParameters } from '@affix/core/kernel'
import { DOMAIN_LIST } from './lists.js'
import { createDomainValidator, updateDomainValidator } from './validators.js'
import { DomainDeletedSchema, DomainSchema } from './schemas.js'

const DomainsController = () => import('./controllers/domains_controller.js')

export function domainsRoutes(api: ApiRouter) {
  api.get(
    '/domains',
    {
      name: 'listDomains',
      summary: 'List tracking and white-label domains (affiliates: the active public ones and their own)',
      query: listQueryParameters(DOMAIN_LIST),
      response: { status: 200, list: DomainSchema },
    },
    [DomainsController, 'index']
  )
  api.post(
    '/domains',
    {
      name: 'createDomain',
      summary: 'Add a domain (the host name is unique across every organisation)',
      body: createDomainValidator,
      response: { status: 201, data: DomainSchema },
    },
    [DomainsController, 'store']
  )
  api.get(
    '/domains/:id',
    { name: 'getDomain', summary: 'Get a domain', response: { status: 200, data: DomainSchema } },
    [DomainsController, 'show']
  )
  api.patch(
    '/domains/:id',
    {
      name: 'updateDomain',
      summary: 'Update a domain (isDefault: true unsets the previous default)',
      body: updateDomainValidator,
      response: { status: 200, data: DomainSchema },
    },
    [DomainsController, 'update']
  )
  api.put(
    '/domains/:id',
    {
      name: 'replaceDomain',
      summary: 'Update a domain (react-admin sends PUT)',
      body: updateDomainValidator,
      response: { status: 200, data: DomainSchema },
    },
    [DomainsController, 'update']
  )
  api.delete(
    '/domains/:id',
    { name: 'deleteDomain', summary: 'Delete a domain', response: { status: 200, data: DomainDeletedSchema } },
    [DomainsController, 'destroy']
  )
}
