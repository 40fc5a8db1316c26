/* The customers plugin's screens beside its resources: the customer's details and the CSV imports. */
import { lazyScreen, type RouteMeta } from '@affix/admin-ui/plugin-api'
import { reactRouterProvider } from 'react-admin'

// react-router's <Route>, the very copy react-admin's <CustomRoutes> reads.
const { Route } = reactRouterProvider

const CustomerDetails = lazyScreen(() => import('./customers/CustomerDetails').then((module) => module.CustomerDetails))
const CustomersImport = lazyScreen(() => import('./imports/CsvImportScreen').then((module) => module.CustomersImport))
const ActivityImport = lazyScreen(() => import('./imports/CsvImportScreen').then((module) => module.ActivityImport))
const FxRatesImport = lazyScreen(() => import('./imports/CsvImportScreen').then((module) => module.FxRatesImport))

export const specRoutes = [
  <Route key="customer-details" path="/engagements/customer-details/:customerId" element={<CustomerDetails />} />,
  <Route key="customers-import" path="/engagements/customer/import" element={<CustomersImport />} />,
  <Route key="activity-import" path="/engagements/activity/import" element={<ActivityImport />} />,
  <Route key="fx-rates-import" path="/configuration/fx-rates/import" element={<FxRatesImport />} />,
]

export const specRouteMeta: RouteMeta[] = [
  {
    path: '/engagements/customer-details/:customerId',
    title: 'customers.details.page_title',
    subject: 'report.customer',
  },
  {
    path: '/engagements/customer/import',
    title: 'customers.import.title_customers',
    subject: 'customers',
    action: 'import',
  },
  {
    path: '/engagements/activity/import',
    title: 'customers.import.title_activity',
    subject: 'customers',
    action: 'import',
  },
  {
    path: '/configuration/fx-rates/import',
    title: 'customers.import.title_fx_rates',
    subject: 'fx-rates',
    action: 'manage',
  },
]
