import { TenantPolicy } from '@affix/core/kernel'

/** Affiliates: answered from the permission grants of the manifest; team scope narrows the rows. */
export default class AffiliatesPolicy extends TenantPolicy {
  read() {
    return this.can('affiliates', 'read')
  }
  manage() {
    return this.can('affiliates', 'manage')
  }
  readPayment() {
    return this.can('affiliates.payment', 'read')
  }
  managePayment() {
    return this.can('affiliates.payment', 'manage')
  }
  readReferred() {
    return this.can('affiliates.referred', 'read')
  }
  readSelf() {
    return this.can('affiliates.self', 'read')
  }
  manageSelf() {
    return this.can('affiliates.self', 'manage')
  }
}
