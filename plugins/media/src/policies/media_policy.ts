import { TenantPolicy } from '@affix/core/kernel'

/** Media: answered from the permission grants declared in the manifest. */
export default class MediaPolicy extends TenantPolicy {
  readMedia() {
    return this.can('media', 'read')
  }
  manageMedia() {
    return this.can('media', 'manage')
  }
}
