import { Edit, SimpleForm } from 'react-admin'
import { useNotifyServerError } from '@affix/admin-ui/plugin-api'
import { BrandInputs } from './BrandInputs'
import { toBrandPayload } from './validation'

// Pessimistic: the server's field errors (e.g. a taken name) must reach the form, which
// an undoable update would only report after leaving the page.
export const BrandEdit = () => {
  const onError = useNotifyServerError()
  return (
    <Edit mutationOptions={{ onError }} mutationMode="pessimistic" redirect="list" transform={toBrandPayload}>
      <SimpleForm>
        <BrandInputs />
      </SimpleForm>
    </Edit>
  )
}
