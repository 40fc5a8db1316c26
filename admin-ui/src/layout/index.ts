/* What the frame lends screens (src/screens) and the app shell. */
export {
  registerMenuItem,
  registerMenuItems,
  registerRouteMeta,
  registerRouteMetas,
  routeMetaFor,
  hasRoute,
} from './menu_registry'
export { SectionErrorBoundary } from './SectionErrorBoundary'
export { StatusTag, statusTagStyle } from './StatusTag'
export { useAccount, useRefreshAccount, useSession } from './useSession'
export { apiDocsUrl } from './sidebar_items'
