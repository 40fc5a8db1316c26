import { Edit } from 'react-admin'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { CampaignWizard } from './CampaignWizard'
import { useCampaignSave } from './savePayout'

// Pessimistic: the server's field errors must reach the wizard's steps before leaving.
export const CampaignEdit = () => {
  const onError = useNotifyServerError()
  const { transform, onSuccess } = useCampaignSave('edit')
  return (
    <Edit mutationOptions={{ onError, onSuccess }} mutationMode="pessimistic" transform={transform}>
      <CampaignWizard mode="edit" />
    </Edit>
  )
}
