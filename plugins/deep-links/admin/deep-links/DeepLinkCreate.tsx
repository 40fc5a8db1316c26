import { Create, SimpleForm } from 'react-admin'
import { useCampaignsAvailable } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { DeepLinkInputs } from './DeepLinkInputs'
import { toDeepLinkPayload } from './model'

export const DeepLinkCreate = () => {
  const onError = useNotifyServerError()
  const campaigns = useCampaignsAvailable()
  return (
    <Create mutationOptions={{ onError }} redirect="list" transform={(data) => toDeepLinkPayload(data, { campaigns })}>
      <SimpleForm>
        <DeepLinkInputs />
      </SimpleForm>
    </Create>
  )
}
