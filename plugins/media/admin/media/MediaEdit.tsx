import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { Edit, SimpleForm, useDataProvider, useNotify, useParams, useRedirect, useRefresh } from 'react-admin'
import { useCampaignsAvailable } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { MediaInputs } from './MediaInputs'
import { validateMediaForm, type MediaFormValues } from './model'
import { formErrorsOf, updateMedia } from './save'

/** Pessimistic: a new file goes with the fields in one multipart PUT; errors land on the inputs. */
export const MediaEdit = () => {
  const { id } = useParams()
  const dataProvider = useDataProvider<AffixDataProvider>()
  const notify = useNotify()
  const redirect = useRedirect()
  const refresh = useRefresh()
  const notifyServerError = useNotifyServerError()
  const campaigns = useCampaignsAvailable()
  const save = async (values: MediaFormValues & { id?: number }) => {
    try {
      const updated = await updateMedia(dataProvider, values.id ?? id!, values, { campaigns })
      notify('resources.manage/media.notifications.updated', { type: 'info', messageArgs: { smart_count: 1 } })
      refresh()
      redirect(`/manage/media/${updated.id}`)
    } catch (error) {
      notifyServerError(error)
      return formErrorsOf(error)
    }
  }
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm onSubmit={save as never} validate={validateMediaForm as never}>
        <MediaInputs />
      </SimpleForm>
    </Edit>
  )
}
