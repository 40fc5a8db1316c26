import { Edit } from 'react-admin'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { AffiliateWizard } from './AffiliateWizard'
import { toAffiliatePayload } from './model'

// Pessimistic: the server's field errors (e.g. a taken e-mail) must reach the wizard's
// steps, which an undoable update would only report after leaving the page.
export const AffiliateEdit = () => {
  const onError = useNotifyServerError()
  return (
    <Edit mutationOptions={{ onError }} mutationMode="pessimistic" redirect="show" transform={toAffiliatePayload}>
      <AffiliateWizard mode="edit" />
    </Edit>
  )
}
