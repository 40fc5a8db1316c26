import { Edit, SimpleForm } from 'react-admin'
import { useCampaignsAvailable } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { DeepLinkInputs } from './DeepLinkInputs'
import { toDeepLinkPayload } from './model'

// Pessimistic: the server's field errors must reach the form.
export const DeepLinkEdit = () => {
  const onError = useNotifyServerError()
  const campaigns = useCampaignsAvailable()
  return (
    <Edit
      mutationOptions={{ onError }}
      mutationMode="pessimistic"
      redirect="list"
      transform={(data) => toDeepLinkPayload(data, { campaigns })}
    >
      <SimpleForm>
        <DeepLinkInputs />
      </SimpleForm>
    </Edit>
  )
}
