import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Snackbar from '@mui/material/Snackbar';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { usePageTitle } from '../../../lib/page-title';
import { ComplaintsSection } from '../components/ComplaintsSection';
import { ImprovementsSection } from '../components/ImprovementsSection';
import { SurveysSection } from '../components/SurveysSection';

const tabs = [
  { key: 'complaints', label: 'Réclamations' },
  { key: 'improvements', label: 'Actions d’amélioration' },
  { key: 'surveys', label: 'Enquêtes à froid' },
] as const;

/** /admin/qualite: complaints, improvement actions and cold survey answers (Qualiopi indicators 30, 31, 32), each with its CSV. */
export default function AdminQualityPage() {
  usePageTitle('Qualité');
  const [tab, setTab] = useState<(typeof tabs)[number]['key']>('complaints');
  const [message, setMessage] = useState<string | null>(null);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 2 }}>
        Qualité
      </Typography>
      <Tabs value={tab} onChange={(_e, value: typeof tab) => setTab(value)} aria-label="Rubriques de la qualité" variant="scrollable" allowScrollButtonsMobile sx={{ mb: 3 }}>
        {tabs.map((t) => (
          <Tab key={t.key} value={t.key} label={t.label} id={`quality-tab-${t.key}`} aria-controls={`quality-panel-${t.key}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`quality-panel-${tab}`} aria-labelledby={`quality-tab-${tab}`}>
        {tab === 'complaints' && <ComplaintsSection onMessage={setMessage} />}
        {tab === 'improvements' && <ImprovementsSection onMessage={setMessage} />}
        {tab === 'surveys' && <SurveysSection onMessage={setMessage} />}
      </Box>
      <Snackbar open={message !== null} autoHideDuration={6000} onClose={() => setMessage(null)}>
        <Alert severity="info" onClose={() => setMessage(null)} role="status">
          {message}
        </Alert>
      </Snackbar>
    </Container>
  );
}
