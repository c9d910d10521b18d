import CheckCircleIcon from '../../../components/icons/CheckCircle';
import RadioButtonUncheckedIcon from '../../../components/icons/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { CourseOutline } from '../../../../shared/learning';
import { visuallyHidden } from '../../../components/visually-hidden';
import { webPaths } from '../../../../shared/web-paths';
import { formatMinutes } from '../../../../shared/french-format';

interface OutlineNavProps {
  courseId: number;
  outline: CourseOutline;
  currentLessonId: number;
  /** Called when a lesson is chosen (the phone's drawer closes). */
  onNavigate?: () => void;
}

/** The course's sections and lessons, each lesson a link with its duration, a check mark once completed. */
export function OutlineNav({ courseId, outline, currentLessonId, onNavigate }: OutlineNavProps) {
  return (
    <Box component="nav" aria-labelledby="plan-du-cours-titre">
      <Typography id="plan-du-cours-titre" variant="h6" component="h2" sx={{ px: 2, pt: 2, pb: 1 }}>
        Plan du cours
      </Typography>
      {outline.sections.map((section) => (
        <Box key={section.id} component="section" aria-labelledby={`chapitre-${section.id}`} sx={{ mb: 2 }}>
          <Typography id={`chapitre-${section.id}`} variant="subtitle2" component="h3" sx={{ px: 2, py: 1, color: 'text.secondary', fontWeight: 700 }}>
            {section.title}
          </Typography>
          {section.lessons.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
              Aucune leçon dans ce chapitre.
            </Typography>
          ) : (
            <List dense disablePadding component="ol">
              {section.lessons.map((lesson) => {
                const current = lesson.id === currentLessonId;
                return (
                  <li key={lesson.id}>
                    <ListItemButton
                      component={RouterLink}
                      to={webPaths.learn(courseId, lesson.id)}
                      aria-current={current ? 'page' : undefined}
                      selected={current}
                      onClick={onNavigate}
                      sx={{ alignItems: 'flex-start', borderLeft: 4, borderColor: current ? 'primary.main' : 'transparent' }}
                    >
                      <ListItemIcon sx={{ minWidth: 32, mt: 0.5, color: lesson.completed ? 'success.dark' : 'text.secondary' }} aria-hidden>
                        {lesson.completed ? <CheckCircleIcon fontSize="small" data-testid="lecon-terminee" /> : <RadioButtonUncheckedIcon fontSize="small" />}
                      </ListItemIcon>
                      <ListItemText
                        primary={
                          <>
                            {lesson.title}
                            {lesson.completed && <Box component="span" sx={visuallyHidden}> (terminée)</Box>}
                          </>
                        }
                        secondary={lesson.positioning ? `Test de positionnement · ${formatMinutes(lesson.duration_minutes)}` : formatMinutes(lesson.duration_minutes)}
                        slotProps={{ primary: { sx: { fontWeight: current ? 700 : 400 } }, secondary: { sx: { color: 'text.secondary' } } }}
                      />
                    </ListItemButton>
                  </li>
                );
              })}
            </List>
          )}
        </Box>
      ))}
    </Box>
  );
}
