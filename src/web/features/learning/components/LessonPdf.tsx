import DownloadIcon from '../../../components/icons/Download';
import OpenInNewIcon from '../../../components/icons/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LessonMedia } from '../../../../shared/learning';
import { formatFileSize } from '../../../../shared/french-format';

/** A PDF lesson read in the page (the browser's PDF reader), with its download and a full-screen way out for phones. */
export function LessonPdf({ media, title }: { media: LessonMedia; title: string }) {
  return (
    <Stack spacing={2}>
      <Box
        component="iframe"
        src={media.url}
        title={`Document PDF : ${title}`}
        sx={{ width: '100%', height: { xs: '60vh', md: '80vh' }, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'grey.100' }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button component="a" href={media.download_url} download={media.file_name} variant="outlined" startIcon={<DownloadIcon />}>
          Télécharger le PDF
        </Button>
        <Button component="a" href={media.url} target="_blank" rel="noopener" startIcon={<OpenInNewIcon />}>
          Ouvrir dans un nouvel onglet
        </Button>
        <Typography variant="body2" color="text.secondary">
          {media.file_name} ({formatFileSize(media.size)})
        </Typography>
      </Stack>
    </Stack>
  );
}
