import { Create } from 'react-admin'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { AffiliateWizard } from './AffiliateWizard'
import { toAffiliatePayload } from './model'

export const AffiliateCreate = () => {
  const onError = useNotifyServerError()
  return (
    <Create mutationOptions={{ onError }} redirect="show" transform={toAffiliatePayload}>
      <AffiliateWizard mode="create" />
    </Create>
  )
}
