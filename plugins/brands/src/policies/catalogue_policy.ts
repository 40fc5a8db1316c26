import { TenantPolicy } from '@affix/core/kernel'

/** Brands and products: answered from the permission grants declared in the manifest. */
export default class CataloguePolicy extends TenantPolicy {
  readBrands() {
    return this.can('brands', 'read')
  }
  manageBrands() {
    return this.can('brands', 'manage')
  }
  readProducts() {
    return this.can('products', 'read')
  }
  manageProducts() {
    return this.can('products', 'manage')
  }
  importProducts() {
    return this.can('products', 'import')
  }
}
