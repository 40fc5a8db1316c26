import { Create, SimpleForm } from 'react-admin'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { ProductInputs, toProductPayload } from './ProductInputs'

export const ProductCreate = () => {
  const onError = useNotifyServerError()
  return (
    <Create mutationOptions={{ onError }} redirect="list" transform={toProductPayload}>
      <SimpleForm>
        <ProductInputs />
      </SimpleForm>
    </Create>
  )
}
