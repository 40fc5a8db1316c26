import { Edit, SimpleForm } from 'react-admin'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { ProductInputs, toProductPayload } from './ProductInputs'

// Pessimistic so server field errors (e.g. a name already used for the brand) reach the form.
export const ProductEdit = () => {
  const onError = useNotifyServerError()
  return (
    <Edit mutationOptions={{ onError }} mutationMode="pessimistic" redirect="list" transform={toProductPayload}>
      <SimpleForm>
        <ProductInputs />
      </SimpleForm>
    </Edit>
  )
}
