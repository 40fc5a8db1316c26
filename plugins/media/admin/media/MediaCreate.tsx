import type { AffixDataProvider } from '@affix/admin-ui/plugin-api'
import { Create, SimpleForm, useDataProvider, useNotify, useRedirect } from 'react-admin'
import { useCampaignsAvailable } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { MediaInputs } from './MediaInputs'
import { validateMediaForm, type MediaFormValues } from './model'
import { createMedia, formErrorsOf } from './save'

/** Create sends multipart (fields and the file in one request), so the form saves itself. */
export const MediaCreate = () => {
  const dataProvider = useDataProvider<AffixDataProvider>()
  const notify = useNotify()
  const redirect = useRedirect()
  const notifyServerError = useNotifyServerError()
  const campaigns = useCampaignsAvailable()
  const save = async (values: MediaFormValues) => {
    try {
      const created = await createMedia(dataProvider, values, { campaigns })
      notify('resources.manage/media.notifications.created', { type: 'info', messageArgs: { smart_count: 1 } })
      redirect(`/manage/media/${created.id}`)
    } catch (error) {
      notifyServerError(error)
      return formErrorsOf(error)
    }
  }
  return (
    <Create>
      <SimpleForm
        onSubmit={save as never}
        validate={validateMediaForm as never}
        defaultValues={{ status: 'active', macros: [] }}
      >
        <MediaInputs />
      </SimpleForm>
    </Create>
  )
}
