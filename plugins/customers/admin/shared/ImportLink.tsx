import UploadFileIcon from '@mui/icons-material/UploadFile'
import { Button, useNavigate } from 'react-admin'

/** The list toolbar's way to its CSV import screen. */
export const ImportLink = ({ to }: { to: string }) => {
  const navigate = useNavigate()
  return <Button onClick={() => navigate(to)} label="customers.import.action" startIcon={<UploadFileIcon />} />
}
