import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BPF_FIRST_YEAR } from '../../../../shared/bpf';
import { QueryStatus } from '../../../components/QueryStatus';
import { usePageTitle } from '../../../lib/page-title';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { downloadBpfCsv, useBpfReport } from '../api/bpf-api';
import { AnomaliesList } from '../components/AnomaliesList';
import { BpfFrameTable } from '../components/BpfFrameTable';
import { ExportButton } from '../../../components/ExportButton';

/** The years offered: from ten years back to the current one. */
function yearChoices(current: number): number[] {
  const years: number[] = [];
  for (let y = current; y >= Math.max(BPF_FIRST_YEAR, current - 10); y--) years.push(y);
  return years;
}

/**
 * /admin/bpf: the bilan pédagogique et financier of a civil year (the previous one by default, the
 * one filed in spring), its frames as tables, what is left to classify, and its CSV.
 */
export default function AdminBpfPage() {
  usePageTitle('Bilan pédagogique et financier');
  const currentYear = new Date().getFullYear();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('annee'));
  const years = yearChoices(currentYear);
  const year = years.includes(asked) ? asked : currentYear - 1;
  const report = useBpfReport(year);
  const data = useFirstArrival(report.data);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 1 }}>
        Bilan pédagogique et financier
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Les cadres C, E, F-1, F-3 et F-4 du Cerfa 10443 pour une année civile. Les heures sont celles suivies : temps passé à l’écran et créneaux en direct émargés.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 4, alignItems: { sm: 'center' } }}>
        <TextField select size="small" label="Année" value={year} onChange={(event) => setParams({ annee: event.target.value }, { replace: true })} sx={{ minWidth: 140 }}>
          {years.map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
        <ExportButton label={`Télécharger le BPF ${year} (CSV)`} onExport={() => downloadBpfCsv(year)} />
      </Stack>
      {!data ? (
        <QueryStatus query={report} loadingLabel="Chargement du bilan" errorMessage="Le bilan n’a pas pu être calculé." />
      ) : (
        <Stack spacing={4}>
          <AnomaliesList anomalies={data.anomalies} onSaved={() => setMessage('Classement enregistré.')} onFailed={() => setMessage('Le classement n’a pas pu être enregistré. Réessayez.')} />
          <BpfFrameTable id="c" title="Cadre C – Origine des produits de l’organisme" lines={data.frames.c} money />
          <BpfFrameTable id="e" title="Cadre E – Personnes dispensant des heures de formation" lines={data.frames.e} />
          <BpfFrameTable id="f1" title="Cadre F-1 – Type de stagiaires de l’organisme" lines={data.frames.f1} />
          <BpfFrameTable id="f3" title="Cadre F-3 – Objectif général des prestations dispensées" lines={data.frames.f3} />
          <BpfFrameTable id="f4" title="Cadre F-4 – Spécialités de formation" lines={data.frames.f4} />
        </Stack>
      )}
      <Snackbar open={message !== null} autoHideDuration={6000} onClose={() => setMessage(null)}>
        <Alert severity="info" onClose={() => setMessage(null)} role="status">
          {message}
        </Alert>
      </Snackbar>
    </Container>
  );
}
