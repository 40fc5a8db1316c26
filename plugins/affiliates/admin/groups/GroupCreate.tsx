import { Create, SimpleForm } from 'react-admin'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { GroupInputs } from './GroupInputs'
import { toGroupPayload } from './payload'

export const GroupCreate = () => {
  const onError = useNotifyServerError()
  return (
    <Create mutationOptions={{ onError }} redirect="show" transform={toGroupPayload}>
      <SimpleForm>
        <GroupInputs />
      </SimpleForm>
    </Create>
  )
}
