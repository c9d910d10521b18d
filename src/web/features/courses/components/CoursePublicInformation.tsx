import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CourseInformation } from '../../../../shared/learning';

const textSections: { key: Exclude<keyof CourseInformation, 'objectives'>; title: string }[] = [
  { key: 'target_audience', title: 'Public visé' },
  { key: 'prerequisites', title: 'Prérequis' },
  { key: 'assessment_methods', title: "Modalités d'évaluation" },
];

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
