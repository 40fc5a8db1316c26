import { Create, SimpleForm } from 'react-admin'
import { useCampaignsAvailable } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { PromoCodeInputs } from './PromoCodeInputs'
import { toPromoCodePayload, validatePromoCodeForm } from './model'

export const PromoCodeCreate = () => {
  const onError = useNotifyServerError()
  const campaigns = useCampaignsAvailable()
  return (
    <Create mutationOptions={{ onError }} redirect="list" transform={(data) => toPromoCodePayload(data, { campaigns })}>
      <SimpleForm
        validate={validatePromoCodeForm as never}
        defaultValues={{ type: 'generic', origin: 'organic', enabled: true, affiliateSelection: 'all', bonus: 0 }}
      >
        <PromoCodeInputs />
      </SimpleForm>
    </Create>
  )
}
