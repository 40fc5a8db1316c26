/*
 * A react-admin <Resource> whose record page is its detail view. The spec's routes (§2) give
 * a record one address, /manage/campaign/{campaignId}, and that page is the campaign's tabs,
 * not its form. So for a resource with a show view:
 *   /{name}            list          /{name}/create     create
 *   /{name}/{id}/*     show (tabs)   /{name}/{id}/edit  edit
 * and react-admin's own show links (/{name}/{id}/show/*) land on /{name}/{id}/*. A resource
 * without a show view keeps react-admin's layout (/{name}/{id} is the form).
 *
 * react-admin's "edit" links (useCreatePath type edit: EditButton, rowClick="edit",
 * ReferenceField) therefore open the detail page of such a resource; the form is reached
 * with the plugin kit's EditButton / useEditPath.
 */
import EditIcon from '@mui/icons-material/Create'
import type { ComponentType, ReactElement, ReactNode } from 'react'
import { isValidElement } from 'react'
import {
  Button,
  LinkBase,
  Navigate,
  Resource,
  ResourceContextProvider,
  RestoreScrollPosition,
  TopToolbar,
  useCanAccess,
  useLocation,
  useParams,
  useRecordContext,
  useResourceContext,
  useResourceDefinition,
  useResourceDefinitions,
  useRouterProvider,
  type Identifier,
  type ResourceProps,
} from 'react-admin'

const element = (component: ComponentType | ReactElement | undefined): ReactNode => {
  if (!component) return null
  if (isValidElement(component)) return component
  const Component = component as ComponentType
  return <Component />
}

/** /{name}/{id}/show/rest → /{name}/{id}/rest, query kept. */
const ToRecordPage = ({ name }: { name: string }) => {
  const { id = '', '*': rest = '' } = useParams()
  const { search } = useLocation()
  const pathname = `/${name}/${encodeURIComponent(id)}${rest ? `/${rest}` : ''}`
  return <Navigate to={{ pathname, search }} replace />
}

export const RecordPageResource = (props: ResourceProps) => {
  const { create, edit, list, name, show, children } = props
  const { Route, Routes } = useRouterProvider()
  return (
    <ResourceContextProvider value={name}>
      <Routes>
        {create && <Route path="create/*" element={element(create)} />}
        {show && <Route path=":id/show/*" element={<ToRecordPage name={name} />} />}
        {show && edit && <Route path=":id/edit/*" element={element(edit)} />}
        {(show || edit) && <Route path=":id/*" element={element(show ?? edit)} />}
        {list && (
          <Route
            path="/*"
            element={
              <RestoreScrollPosition storeKey={`${name}.list.scrollPosition`}>{element(list)}</RestoreScrollPosition>
            }
          />
        )}
        {children}
      </Routes>
    </ResourceContextProvider>
  )
}

// What makes <Admin> register it as a resource (react-admin's contract for custom resources).
RecordPageResource.raName = 'Resource'
RecordPageResource.registerResource = Resource.registerResource

/** The path of a record's form: /{name}/{id}/edit when the resource has a record page, else /{name}/{id}. */
export function editPathOf(resource: string, id: string | number, hasShow: boolean): string {
  return `/${resource}/${encodeURIComponent(id)}${hasShow ? '/edit' : ''}`
}

/**
 * The path of a record's form (a hook, as it reads the resource definitions): react-admin's
 * "edit" links lead to the record page of a resource that has one.
 */
export function useEditPath(): (resource: string, id: Identifier) => string {
  const definitions = useResourceDefinitions()
  return (resource, id) => editPathOf(resource, id, Boolean(definitions[resource]?.hasShow))
}

/** Opens the current record's form (react-admin's EditButton would open its record page). */
export const EditButton = ({ label = 'ra.action.edit' }: { label?: string }) => {
  const resource = useResourceContext()
  const record = useRecordContext()
  const { hasEdit } = useResourceDefinition()
  const editPath = useEditPath()
  const { canAccess, isPending } = useCanAccess({ action: 'edit', resource, record })
  if (!resource || !record || !hasEdit || isPending || !canAccess) return null
  return (
    <Button component={LinkBase} to={editPath(resource, record.id)} label={label}>
      <EditIcon />
    </Button>
  )
}

/** A record page's default actions (the theme's Show default): its form, for those who may edit. */
export const RecordPageActions = () => (
  <TopToolbar>
    <EditButton />
  </TopToolbar>
)
