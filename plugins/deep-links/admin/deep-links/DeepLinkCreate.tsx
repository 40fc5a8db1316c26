import { Create, SimpleForm } from 'react-admin'
import { useCampaignsAvailable } from '../shared/campaigns'
import { useNotifyServerError } from '../shared/useNotifyServerError'
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
