import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { categories, type CategorySlug } from '../../../../shared/categories';
import { useDigest, useSaveDigest } from '../api/digest';

/** "Nouvelles opportunités": the opt-in weekly e-mail of new opportunities in the person's domains. */
export function DigestSettings() {
  const headingId = useId();
  const domainsLabelId = useId();
  const digest = useDigest();
  const save = useSaveDigest();
  const [weekly, setWeekly] = useState(false);
  const [domains, setDomains] = useState<CategorySlug[]>([]);
  const [status, setStatus] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  useEffect(() => {
    if (digest.data) {
      setWeekly(digest.data.weekly);
      setDomains(digest.data.domains);
    }
  }, [digest.data]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setStatus(null);
    try {
      await save.mutateAsync({ weekly, domains });
      setStatus({ severity: 'success', text: weekly ? 'Vous recevrez chaque semaine les nouvelles opportunités de vos domaines.' : 'Vous ne recevrez plus le récapitulatif des opportunités.' });
    } catch {
      setStatus({ severity: 'error', text: 'Échec de l’enregistrement. Veuillez réessayer.' });
    }
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: 20, mb: 1 }}>
        Nouvelles opportunités
      </Typography>
      {digest.isPending ? (
        <CircularProgress size={28} aria-label="Chargement du récapitulatif" />
      ) : digest.isError ? (
        <Alert severity="error">Impossible de charger ce réglage.</Alert>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Un e-mail par semaine au plus, seulement s’il y a du nouveau dans les domaines choisis (à défaut, ceux de votre fiche d’annuaire).
          </Typography>
          <Stack spacing={2}>
            <FormControlLabel control={<Switch checked={weekly} onChange={(event) => setWeekly(event.target.checked)} />} label="Recevoir chaque semaine les nouvelles opportunités" />
            <FormControl component="fieldset">
              <FormLabel component="legend" id={domainsLabelId}>
                Domaines suivis
              </FormLabel>
              <FormGroup aria-labelledby={domainsLabelId} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                {categories.map((category) => (
                  <FormControlLabel
                    key={category.slug}
                    control={
                      <Checkbox
                        checked={domains.includes(category.slug)}
                        onChange={(event) => setDomains(event.target.checked ? [...domains, category.slug] : domains.filter((d) => d !== category.slug))}
                      />
                    }
                    label={category.name}
                  />
                ))}
              </FormGroup>
            </FormControl>
            <Box>
              <Button type="submit" variant="contained" disabled={save.isPending}>
                Enregistrer le récapitulatif
              </Button>
            </Box>
            {status && (
              <Alert severity={status.severity} role={status.severity === 'success' ? 'status' : 'alert'}>
                {status.text}
              </Alert>
            )}
          </Stack>
        </Box>
      )}
    </Box>
  );
}
