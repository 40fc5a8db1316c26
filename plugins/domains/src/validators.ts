import vine from '@vinejs/vine'
import { DOMAIN_PROTOCOLS, DOMAIN_STATUSES, DOMAIN_TYPES, DOMAIN_VISIBILITIES, HOSTNAME_RULE } from './models/domain.js'

const fields = {
  protocol: vine.enum(DOMAIN_PROTOCOLS).optional(),
  ssl: vine.boolean().optional(),
  visibility: vine.enum(DOMAIN_VISIBILITIES).optional(),
  affiliateIds: vine.array(vine.number().withoutDecimals().positive()).maxLength(10_000).distinct().optional(),
  isDefault: vine.boolean().optional(),
  type: vine.enum(DOMAIN_TYPES).optional(),
  status: vine.enum(DOMAIN_STATUSES).optional(),
}

const name = () => vine.string().trim().toLowerCase().minLength(1).maxLength(253).regex(HOSTNAME_RULE)

export const createDomainValidator = vine.create({ name: name(), ...fields })

export const updateDomainValidator = vine.create({ name: name().optional(), ...fields })
