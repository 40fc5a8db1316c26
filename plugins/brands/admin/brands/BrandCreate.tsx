import { Create, SimpleForm } from 'react-admin'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { BrandInputs } from './BrandInputs'
import { toBrandPayload } from './validation'

export const BrandCreate = () => {
  const onError = useNotifyServerError()
  return (
    <Create mutationOptions={{ onError }} redirect="list" transform={toBrandPayload}>
      <SimpleForm>
        <BrandInputs />
      </SimpleForm>
    </Create>
  )
}
