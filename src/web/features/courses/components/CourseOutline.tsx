import ArticleOutlinedIcon from '../../../components/icons/ArticleOutlined';
import CheckCircleIcon from '../../../components/icons/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { lessonTypeLabels, type CourseOutline as Outline } from '../../../../shared/learning';
import { webPaths } from '../../../../shared/web-paths';
import { formatMinutes } from '../../../../shared/french-format';
import { lessonTotals } from '../../../lib/durations';

/** The course's programme as its author built it: chapters, lessons with type, duration and free previews. */
export function CourseOutline({ courseId, outline, loading, error }: { courseId: number; outline: Outline | undefined; loading: boolean; error: Error | null }) {
  return (
    <Box component="section" aria-labelledby="programme-titre" sx={{ mb: 4 }}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography id="programme-titre" variant="h5" component="h2">
          Programme du cours
        </Typography>
        {outline && outline.total_lessons > 0 && <Typography color="text.secondary">{lessonTotals(outline.total_lessons, outline.total_minutes)}</Typography>}
      </Stack>
      {loading && <CircularProgress aria-label="Chargement du programme" size={28} />}
      {error && <Alert severity="error">{error.message}</Alert>}
      {outline && outline.total_lessons === 0 && <Typography color="text.secondary">Le programme de ce cours sera bientôt disponible.</Typography>}
      {outline && outline.total_lessons > 0 && (
        <Stack spacing={2}>
          {outline.sections
            .filter((section) => section.lessons.length > 0)
            .map((section, index) => (
              <Paper key={section.id} variant="outlined" component="section" aria-labelledby={`chapitre-${section.id}`}>
                <Typography id={`chapitre-${section.id}`} component="h3" sx={{ fontWeight: 700, px: { xs: 2, sm: 3 }, py: 1.5 }}>
                  Chapitre {index + 1} : {section.title}
                </Typography>
                <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {section.lessons.map((lesson) => (
                    <Box component="li" key={lesson.id}>
                      <Divider />
                      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', px: { xs: 2, sm: 3 }, py: 1.5 }}>
                        {lesson.completed ? (
                          <CheckCircleIcon color="success" titleAccess="Terminée" />
                        ) : (
                          <ArticleOutlinedIcon color="primary" aria-hidden />
                        )}
                        <Box sx={{ flex: 1, minWidth: 0 }}>
                          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{lesson.title}</Typography>
                          <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
                            <Typography variant="body2" color="text.secondary">
                              {lessonTypeLabels[lesson.type]}
                            </Typography>
                            {lesson.is_preview && (
                              // Opens the lesson in the player, for anyone who can see the course (issue 25).
                              <Chip
                                label="Aperçu gratuit"
                                size="small"
                                color="secondary"
                                variant="outlined"
                                clickable
                                component={RouterLink}
                                to={webPaths.learn(courseId, lesson.id)}
                                aria-label={`Aperçu gratuit : ouvrir la leçon « ${lesson.title} »`}
                              />
                            )}
                          </Stack>
                        </Box>
                        <Typography color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                          {formatMinutes(lesson.duration_minutes)}
                        </Typography>
                      </Stack>
                    </Box>
                  ))}
                </Box>
              </Paper>
            ))}
        </Stack>
      )}
    </Box>
  );
}
