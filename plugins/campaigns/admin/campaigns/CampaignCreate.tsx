import { Create } from 'react-admin'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { CampaignWizard } from './CampaignWizard'
import { useCampaignSave } from './savePayout'

export const CampaignCreate = () => {
  const onError = useNotifyServerError()
  const { transform, onSuccess } = useCampaignSave('create')
  return (
    <Create mutationOptions={{ onError, onSuccess }} transform={transform}>
      <CampaignWizard mode="create" />
    </Create>
  )
}
