import type { ApiRouter } from '@affix/core/kernel'
import { BRAND_HAS_NO_PASSWORD, PASSWORD_BY_INVITATION, listQueryParameters } from '@affix/core/kernel'
import { BRAND_LIST, PRODUCT_LIST } from './lists.js'
import {
  addBrandPanelValidator,
  brandStatusValidator,
  createBrandValidator,
  createProductValidator,
  productStatusValidator,
  updateBrandValidator,
  updateProductValidator,
} from './validators.js'
import {
  BrandPanelSchema,
  BrandSchema,
  BulkStatusResultSchema,
  DeletedSchema,
  ImportSummarySchema,
  ProductSchema,
} from './schemas.js'

const BrandsController = () => import('./controllers/brands_controller.js')
const ProductsController = () => import('./controllers/products_controller.js')
const BrandPanelsController = () => import('./controllers/brand_panels_controller.js')

export function brandsRoutes(api: ApiRouter) {
  api.get(
    '/brands',
    {
      name: 'listBrands',
      summary: 'List brands',
      query: listQueryParameters(BRAND_LIST),
      response: { status: 200, list: BrandSchema },
    },
    [BrandsController, 'index']
  )
  api.get(
    '/brands/export',
    {
      name: 'exportBrands',
      summary: 'Export brands as CSV (same filters, search and sort as the list); recorded in the downloads history',
      query: listQueryParameters(BRAND_LIST),
      response: { status: 200, raw: 'text/csv' },
    },
    [BrandsController, 'export']
  )
  api.post(
    '/brands',
    {
      name: 'createBrand',
      summary: 'Create a brand',
      body: createBrandValidator,
      refusedFields: BRAND_HAS_NO_PASSWORD,
      response: { status: 201, data: BrandSchema },
    },
    [BrandsController, 'store']
  )
  api.post(
    '/brands/status',
    {
      name: 'setBrandsStatus',
      summary: 'Change the status of several brands at once',
      body: brandStatusValidator,
      response: { status: 200, data: BulkStatusResultSchema },
    },
    [BrandsController, 'setStatus']
  )
  api.get('/brands/:id', { name: 'getBrand', summary: 'Get a brand', response: { status: 200, data: BrandSchema } }, [
    BrandsController,
    'show',
  ])
  api.patch(
    '/brands/:id',
    {
      name: 'updateBrand',
      summary: 'Update a brand',
      body: updateBrandValidator,
      refusedFields: BRAND_HAS_NO_PASSWORD,
      response: { status: 200, data: BrandSchema },
    },
    [BrandsController, 'update']
  )
  api.put(
    '/brands/:id',
    {
      name: 'replaceBrand',
      summary: 'Update a brand (react-admin sends PUT)',
      body: updateBrandValidator,
      refusedFields: BRAND_HAS_NO_PASSWORD,
      response: { status: 200, data: BrandSchema },
    },
    [BrandsController, 'update']
  )
  api.delete(
    '/brands/:id',
    {
      name: 'deleteBrand',
      summary: 'Delete a brand (soft delete; its products go with it)',
      response: { status: 200, data: DeletedSchema },
    },
    [BrandsController, 'destroy']
  )

  api.get(
    '/brands/:id/panels',
    {
      name: 'listBrandPanels',
      summary: "The brand's people: brand panels linked to the brand (each sees and changes only this brand's data)",
      response: { status: 200, data: { type: 'array', items: BrandPanelSchema } },
    },
    [BrandPanelsController, 'index']
  )
  api.post(
    '/brands/:id/panels',
    {
      name: 'addBrandPanel',
      summary:
        'Invite a person to the brand (a new brand panel; they choose their password) or link a brand panel that signed up',
      body: addBrandPanelValidator,
      refusedFields: PASSWORD_BY_INVITATION,
      response: { status: 201, data: BrandPanelSchema },
    },
    [BrandPanelsController, 'store']
  )
  api.delete(
    '/brands/:id/panels/:userId',
    {
      name: 'removeBrandPanel',
      summary: 'Unlink a brand panel from the brand (the panel then sees nothing of it)',
      response: { status: 200, data: DeletedSchema },
    },
    [BrandPanelsController, 'destroy']
  )
  api.get(
    '/products',
    {
      name: 'listProducts',
      summary: 'List products',
      query: listQueryParameters(PRODUCT_LIST),
      response: { status: 200, list: ProductSchema },
    },
    [ProductsController, 'index']
  )
  api.get(
    '/products/export',
    {
      name: 'exportProducts',
      summary: 'Export products as CSV (same filters, search and sort as the list); recorded in the downloads history',
      query: listQueryParameters(PRODUCT_LIST),
      response: { status: 200, raw: 'text/csv' },
    },
    [ProductsController, 'export']
  )
  api.post(
    '/products',
    {
      name: 'createProduct',
      summary: 'Create a product',
      body: createProductValidator,
      response: { status: 201, data: ProductSchema },
    },
    [ProductsController, 'store']
  )
  api.post(
    '/products/status',
    {
      name: 'setProductsStatus',
      summary: 'Change the status of several products at once',
      body: productStatusValidator,
      response: { status: 200, data: BulkStatusResultSchema },
    },
    [ProductsController, 'setStatus']
  )
  api.post(
    '/products/import',
    {
      name: 'importProducts',
      summary: 'Import products from a CSV file (columns: name, brand or brand_id, status; at most 10 MB)',
      multipart: { fileField: 'file' },
      response: { status: 201, data: ImportSummarySchema },
    },
    [ProductsController, 'import']
  )
  api.get(
    '/products/:id',
    { name: 'getProduct', summary: 'Get a product', response: { status: 200, data: ProductSchema } },
    [ProductsController, 'show']
  )
  api.patch(
    '/products/:id',
    {
      name: 'updateProduct',
      summary: 'Update a product',
      body: updateProductValidator,
      response: { status: 200, data: ProductSchema },
    },
    [ProductsController, 'update']
  )
  api.put(
    '/products/:id',
    {
      name: 'replaceProduct',
      summary: 'Update a product (react-admin sends PUT)',
      body: updateProductValidator,
      response: { status: 200, data: ProductSchema },
    },
    [ProductsController, 'update']
  )
  api.delete(
    '/products/:id',
    {
      name: 'deleteProduct',
      summary: 'Delete a product (soft delete)',
      response: { status: 200, data: DeletedSchema },
    },
    [ProductsController, 'destroy']
  )
}
