import DownloadIcon from '../../../components/icons/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDownloadCourseEvidence } from '../api/download-evidence';

/**
 * For administrators, on a course: its evidence file over a period (programme, then each
 * enrolment's attendance, evaluations, attestation, certificat de réalisation, sign-in sheets,
 * reminders, answers and exchanges; the archived proofs of deleted accounts), for a funder's check
 * or the Qualiopi audit.
 */
export function CourseEvidencePanel({ courseId }: { courseId: number }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const download = useDownloadCourseEvidence();
  return (
    <Box component="section" aria-labelledby="preuves-titre">
      <Typography id="preuves-titre" variant="h5" component="h2" sx={{ mb: 1 }}>
        Dossier de preuves
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Une archive ZIP des preuves de réalisation de chaque inscription sur la période choisie (laissez vide pour tout prendre).
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField type="date" label="Du" value={from} onChange={(event) => setFrom(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField type="date" label="Au" value={to} onChange={(event) => setTo(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={download.isPending} onClick={() => download.mutate({ courseId, period: { from, to } })} sx={{ alignSelf: { sm: 'center' } }}>
          Télécharger le dossier de preuves
        </Button>
      </Stack>
      {download.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {download.error.message}
        </Alert>
      )}
    </Box>
  );
}
