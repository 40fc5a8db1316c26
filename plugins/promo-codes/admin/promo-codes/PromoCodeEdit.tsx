import { Edit, SimpleForm } from 'react-admin'
import { useCampaignsAvailable } from '@affix/admin-ui/plugin-api'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { PromoCodeInputs } from './PromoCodeInputs'
import { toPromoCodePayload, validatePromoCodeForm } from './model'

// Pessimistic: the server's field errors (a taken code, the selection rules) must reach the form.
export const PromoCodeEdit = () => {
  const onError = useNotifyServerError()
  const campaigns = useCampaignsAvailable()
  return (
    <Edit
      mutationOptions={{ onError }}
      mutationMode="pessimistic"
      redirect="list"
      transform={(data) => toPromoCodePayload(data, { campaigns })}
    >
      <SimpleForm validate={validatePromoCodeForm as never}>
        <PromoCodeInputs />
      </SimpleForm>
    </Edit>
  )
}
