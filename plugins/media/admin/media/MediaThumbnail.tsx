import ImageIcon from '@mui/icons-material/ImageOutlined'
import LinkIcon from '@mui/icons-material/Link'
import CodeIcon from '@mui/icons-material/Code'
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined'
import { Box } from '@mui/material'
import { useRecordContext } from 'react-admin'
import { LINK_TYPES, isHtmlFile, isImageFile } from './model'
import { useMediaFileBlob } from './useMediaFile'

const SIZE = 48

/** The list's thumbnail: the banner image itself, otherwise an icon of what the media is. */
export const MediaThumbnail = (_props: { label?: string }) => {
  const record = useRecordContext()
  const image = isImageFile(record?.file)
  const { url } = useMediaFileBlob(record, image)
  if (!record) return null
  const frame = {
    width: SIZE,
    height: SIZE,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: 1,
    bgcolor: 'action.hover',
    overflow: 'hidden',
  }
  if (image && url) {
    return (
      <Box sx={frame}>
        <img
          src={url}
          alt={record.title}
          data-testid="media-thumbnail"
          style={{ maxWidth: SIZE, maxHeight: SIZE, objectFit: 'contain' }}
        />
      </Box>
    )
  }
  const Icon = image
    ? ImageIcon
    : LINK_TYPES.includes(record.type)
      ? LinkIcon
      : isHtmlFile(record.file)
        ? CodeIcon
        : FileIcon
  return (
    <Box sx={frame}>
      <Icon color="action" fontSize="small" />
    </Box>
  )
}
