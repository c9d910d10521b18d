import CheckIcon from '../../../components/icons/Check';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDate, formatDay } from '../../../../shared/french-format';
import type { CourseInformation } from '../../../../shared/learning';

type TextKey = 'target_audience' | 'prerequisites' | 'assessment_methods' | 'access_delay' | 'teaching_methods' | 'accessibility' | 'contact';

const textSections: { key: TextKey; title: string }[] = [
  { key: 'target_audience', title: 'Public visé' },
  { key: 'prerequisites', title: 'Prérequis' },
  { key: 'assessment_methods', title: "Modalités d'évaluation" },
];

/** Indicator 1's practical part, under its own heading. */
const practicalSections: { key: TextKey; title: string }[] = [
  { key: 'access_delay', title: "Délais d'accès" },
  { key: 'teaching_methods', title: 'Méthodes mobilisées' },
  { key: 'accessibility', title: 'Accessibilité aux personnes en situation de handicap' },
  { key: 'contact', title: 'Contact' },
];

/** « Informations pratiques »: access delays, methods, accessibility, contact, certification and when it was last updated. */
export function CoursePracticalInformation({ information }: { information: CourseInformation }) {
  const texts = practicalSections.filter((section) => information[section.key].trim() !== '');
  const { certification, public_info_updated_at: updatedAt } = information;
  if (texts.length === 0 && !certification && !updatedAt) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="infos-pratiques-titre" sx={{ p: { xs: 2, sm: 3 }, mb: 4 }}>
      <Typography id="infos-pratiques-titre" variant="h5" component="h2" sx={{ mb: 1 }}>
        Informations pratiques
      </Typography>
      <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600, mt: 1.5 }, '& dd': { ml: 0, whiteSpace: 'pre-line' } }}>
        {texts.map((section) => (
          <Box key={section.key}>
            <Typography component="dt">{section.title}</Typography>
            <Typography component="dd">{information[section.key]}</Typography>
          </Box>
        ))}
        {certification && (
          <Box>
            <Typography component="dt">Certification préparée</Typography>
            <Typography component="dd">
              {certification.code} – certificateur : {certification.certifier}, enregistrée le {formatDate(certification.registered_on)}
            </Typography>
          </Box>
        )}
      </Box>
      {updatedAt && (
        <Typography color="text.secondary" variant="body2" sx={{ mt: 2 }}>
          Mis à jour le {formatDay(updatedAt)}
        </Typography>
      )}
    </Paper>
  );
}

/** The information a training organisation publishes (Qualiopi indicator 1); an empty part is left out. */
export function CoursePublicInformation({ information }: { information: CourseInformation }) {
  const texts = textSections.filter((section) => information[section.key].trim() !== '');
  if (information.objectives.length === 0 && texts.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 4 }}>
      {information.objectives.length > 0 && (
        <Box component="section" aria-labelledby="objectifs-titre">
          <Typography id="objectifs-titre" variant="h5" component="h2" sx={{ mb: 1 }}>
            Objectifs pédagogiques
          </Typography>
          <List dense>
            {information.objectives.map((objective) => (
              <ListItem key={objective} disableGutters sx={{ alignItems: 'flex-start' }}>
                <ListItemIcon sx={{ minWidth: 36, color: 'primary.main', mt: 0.5 }} aria-hidden>
                  <CheckIcon />
                </ListItemIcon>
                <ListItemText primary={objective} />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      {texts.map((section) => (
        <Box key={section.key} component="section" aria-labelledby={`info-${section.key}`} sx={{ mt: 2 }}>
          <Typography id={`info-${section.key}`} variant="h6" component="h2" sx={{ mb: 0.5 }}>
            {section.title}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{information[section.key]}</Typography>
        </Box>
      ))}
    </Paper>
  );
}
