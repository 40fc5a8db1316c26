import { TenantPolicy } from '@affix/core/kernel'

/**
 * Who may read and change brands and products. Reading is open to staff and the
 * organisation's brand and manager panels; changing is for staff (admin, sub-admin).
 * Rows of other organisations never reach a policy: tenancy scopes every query first.
 */
export default class CataloguePolicy extends TenantPolicy {
  read(user: any) {
    return this.isStaff(user) || ['afm', 'adm', 'brand'].includes(user.role)
  }

  manage(user: any) {
    return this.isStaff(user)
  }
}
