/* Admin UI messages of the brands plugin. `brands.*` is shared by both resources. */
export const en = {
  // The plugin's name and description (dashboard, Integrations).
  plugins: {
    brands: {
      name: 'Brands and products',
      description: 'Brands (advertisers) and their products, with CSV import of products.',
    },
  },
  resources: {
    'manage/brand': {
      name: 'Brand |||| Brands',
      notifications: {
        created: 'Brand created',
        updated: 'Brand saved',
        deleted: 'Brand deleted |||| %{smart_count} brands deleted',
      },
      fields: {
        id: 'ID',
        name: 'Name',
        email: 'Email',
        contact: 'Contact phone',
        status: 'Status',
        website: 'Website',
        managerId: 'Manager',
        companyName: 'Company name',
        companyAddress: 'Company address',
        companyCountry: 'Company country',
        companyTaxId: 'Tax ID',
        createdAt: 'Created',
        updatedAt: 'Updated',
        products: 'Products',
      },
      sections: { brand: 'Brand', company: 'Company' },
    },
    'manage/product': {
      name: 'Product |||| Products',
      notifications: {
        created: 'Product created',
        updated: 'Product saved',
        deleted: 'Product deleted |||| %{smart_count} products deleted',
      },
      fields: {
        id: 'ID',
        name: 'Name',
        brandId: 'Brand',
        status: 'Status',
        createdAt: 'Created',
        updatedAt: 'Updated',
      },
      import: {
        button: 'Import CSV',
        title: 'Import products from CSV',
        help: 'Columns: name, brand (or brand_id), status. At most 10 MB.',
        choose: 'Choose a CSV file',
        upload: 'Import',
        uploading: 'Importing…',
        summary: '%{imported} of %{total} rows imported, %{failed} failed.',
        failures: 'Rows that failed',
        line: 'Line',
        error: 'Error',
        more_failures: '… and %{smart_count} more row |||| … and %{smart_count} more rows',
        download_failed: 'Download failed rows',
      },
    },
  },
  brands: {
    home: {
      brands: 'Brands (advertisers) and their details.',
      products: 'The products the campaigns promote.',
      brands_brand: 'The brands the network runs campaigns for.',
      products_brand: 'The products the network offers.',
    },
    status: { active: 'Active', inactive: 'Inactive' },
    actions: { activate: 'Activate', deactivate: 'Deactivate' },
    notifications: {
      status_changed: 'Status changed for 1 record |||| Status changed for %{smart_count} records',
    },
    validation: {
      phone: 'Invalid phone number',
      website: 'Enter a full http:// or https:// address',
      country: 'Use a 2-letter country code',
    },
  },
}
