import '@adonisjs/core/types/http'

type ParamValue = string | number | bigint | boolean

export type ScannedRoutes = {
  ALL: {
    'coreHealth': { paramsTuple?: []; params?: {} }
    'authLogin': { paramsTuple?: []; params?: {} }
    'authLogout': { paramsTuple?: []; params?: {} }
    'coreGetAccount': { paramsTuple?: []; params?: {} }
    'coreListPlugins': { paramsTuple?: []; params?: {} }
    'coreSetPluginState': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'coreListImports': { paramsTuple?: []; params?: {} }
    'coreGetImport': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'coreDownloadFailedRows': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'brandsListBrands': { paramsTuple?: []; params?: {} }
    'brandsCreateBrand': { paramsTuple?: []; params?: {} }
    'brandsSetBrandsStatus': { paramsTuple?: []; params?: {} }
    'brandsGetBrand': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'brandsUpdateBrand': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'brandsReplaceBrand': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'brandsDeleteBrand': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'brandsListProducts': { paramsTuple?: []; params?: {} }
    'brandsCreateProduct': { paramsTuple?: []; params?: {} }
    'brandsSetProductsStatus': { paramsTuple?: []; params?: {} }
    'brandsImportProducts': { paramsTuple?: []; params?: {} }
    'brandsGetProduct': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'brandsUpdateProduct': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'brandsReplaceProduct': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'brandsDeleteProduct': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'ui.api_reference': { paramsTuple?: []; params?: {} }
    'ui.scalar_bundle': { paramsTuple?: []; params?: {} }
    'ui.openapi_document': { paramsTuple?: []; params?: {} }
    'ui.asset': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
  GET: {
    'coreHealth': { paramsTuple?: []; params?: {} }
    'coreGetAccount': { paramsTuple?: []; params?: {} }
    'coreListPlugins': { paramsTuple?: []; params?: {} }
    'coreListImports': { paramsTuple?: []; params?: {} }
    'coreGetImport': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'coreDownloadFailedRows': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'brandsListBrands': { paramsTuple?: []; params?: {} }
    'brandsGetBrand': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'brandsListProducts': { paramsTuple?: []; params?: {} }
    'brandsGetProduct': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'ui.api_reference': { paramsTuple?: []; params?: {} }
    'ui.scalar_bundle': { paramsTuple?: []; params?: {} }
    'ui.openapi_document': { paramsTuple?: []; params?: {} }
    'ui.asset': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
  HEAD: {
    'coreHealth': { paramsTuple?: []; params?: {} }
    'coreGetAccount': { paramsTuple?: []; params?: {} }
    'coreListPlugins': { paramsTuple?: []; params?: {} }
    'coreListImports': { paramsTuple?: []; params?: {} }
    'coreGetImport': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'coreDownloadFailedRows': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'brandsListBrands': { paramsTuple?: []; params?: {} }
    'brandsGetBrand': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'brandsListProducts': { paramsTuple?: []; params?: {} }
    'brandsGetProduct': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'ui.api_reference': { paramsTuple?: []; params?: {} }
    'ui.scalar_bundle': { paramsTuple?: []; params?: {} }
    'ui.openapi_document': { paramsTuple?: []; params?: {} }
    'ui.asset': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
  POST: {
    'authLogin': { paramsTuple?: []; params?: {} }
    'authLogout': { paramsTuple?: []; params?: {} }
    'brandsCreateBrand': { paramsTuple?: []; params?: {} }
    'brandsSetBrandsStatus': { paramsTuple?: []; params?: {} }
    'brandsCreateProduct': { paramsTuple?: []; params?: {} }
    'brandsSetProductsStatus': { paramsTuple?: []; params?: {} }
    'brandsImportProducts': { paramsTuple?: []; params?: {} }
  }
  PATCH: {
    'coreSetPluginState': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'brandsUpdateBrand': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'brandsUpdateProduct': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
  }
  PUT: {
    'brandsReplaceBrand': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'brandsReplaceProduct': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
  }
  DELETE: {
    'brandsDeleteBrand': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'brandsDeleteProduct': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
  }
}
declare module '@adonisjs/core/types/http' {
  export interface RoutesList extends ScannedRoutes {}
}