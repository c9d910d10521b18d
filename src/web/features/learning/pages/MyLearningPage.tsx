import ExploreIcon from '../../../components/icons/Explore';
import PlayArrowIcon from '../../../components/icons/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDay } from '../../../../shared/french-format';
import type { LearningItem, SavedLearningItem } from '../../../../shared/learning';
import { lessonTotals } from '../../../lib/durations';
import { usePageTitle } from '../../../lib/page-title';
import { webPaths } from '../../../../shared/web-paths';
import { EnrolmentProofs } from '../../attendance';
import { CertificateActions } from '../../certificates';
import { CourseImage } from '../../courses';
import { SatisfactionAction } from '../../satisfaction';
import { useMyLearning } from '../api/get-my-learning';
import { ProgressSummary } from '../components/ProgressSummary';

function LearningCard({ item }: { item: LearningItem }) {
  const titleId = `formation-${item.course_id}`;
  return (
    <Paper component="li" variant="outlined" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, overflow: 'hidden' }}>
      <Box sx={{ width: { xs: '100%', sm: 200 }, flexShrink: 0 }}>
        {/* Decorative: the title beside it names the course. */}
        <CourseImage src={item.image} alt="" height={140} />
      </Box>
      <Stack spacing={2} sx={{ p: { xs: 2, sm: 2.5 }, flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Typography>
          {item.completed_at && <Chip label={`Terminé le ${formatDay(item.completed_at)}`} color="success" size="small" />}
        </Stack>
        {item.total > 0 ? (
          <ProgressSummary completed={item.completed} total={item.total} percent={item.percent} label={`Progression : ${item.title}`} />
        ) : (
          <Typography color="text.secondary">Ce cours ne contient pas encore de leçon.</Typography>
        )}
        <Box>
          {item.last_lesson_id !== null ? (
            <Button
              component={RouterLink}
              to={webPaths.learn(item.course_id, item.last_lesson_id)}
              variant="contained"
              startIcon={<PlayArrowIcon />}
              aria-describedby={titleId}
            >
              {item.completed === 0 ? 'Commencer' : 'Reprendre'}
            </Button>
          ) : (
            <Button component={RouterLink} to={webPaths.courseDetail(item.course_id)} variant="outlined" aria-describedby={titleId}>
              Voir le cours
            </Button>
          )}
        </Box>
        {item.certificate && <CertificateActions certificate={item.certificate} describedBy={titleId} />}
        {/* Issue 27: the proofs a funder asks for (attendance, certificat de réalisation). */}
        <EnrolmentProofs enrolmentId={item.enrolment_id} subject={item.title} size="small" evidence />
        {item.completed_at && <SatisfactionAction courseId={item.course_id} courseTitle={item.title} describedBy={titleId} />}
      </Stack>
    </Paper>
  );
}

function SavedCard({ item }: { item: SavedLearningItem }) {
  const titleId = `sauvegarde-${item.course_id}`;
  return (
    <Paper component="li" variant="outlined" aria-labelledby={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 1.5, overflow: 'hidden' }}>
      <Box sx={{ width: 96, flexShrink: 0, borderRadius: 1, overflow: 'hidden' }}>
        {/* Decorative: the title beside it names the course. */}
        <CourseImage src={item.image} alt="" height={64} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={titleId} component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {item.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {item.total_lessons > 0 ? lessonTotals(item.total_lessons, item.total_minutes) : 'Contenu en préparation'}
        </Typography>
      </Box>
      <Button component={RouterLink} to={webPaths.courseDetail(item.course_id)} variant="outlined" size="small" aria-describedby={titleId} sx={{ flexShrink: 0 }}>
        Voir le cours
      </Button>
    </Paper>
  );
}

/** The courses saved for later, under the ones being followed. */
function SavedCourses({ items }: { items: SavedLearningItem[] }) {
  return (
    <Box component="section" aria-labelledby="sauvegardes-titre" sx={{ mt: 5 }}>
      <Typography id="sauvegardes-titre" variant="h5" component="h2" sx={{ mb: 2 }}>
        Cours sauvegardés
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((item) => (
          <SavedCard key={item.course_id} item={item} />
        ))}
      </Stack>
    </Box>
  );
}

/** Every attestation of the learner in one place, beside the course cards that also offer each one. */
function MyCertificates({ items }: { items: LearningItem[] }) {
  return (
    <Box component="section" aria-labelledby="attestations-titre" sx={{ mt: 5 }}>
      <Typography id="attestations-titre" variant="h5" component="h2" sx={{ mb: 2 }}>
        Mes attestations
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((item) => {
          const titleId = `attestation-${item.course_id}`;
          return (
            <Paper key={item.course_id} component="li" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
              <Typography id={titleId} component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {item.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                Attestation n° {item.certificate!.number}
                {item.completed_at && ` · formation terminée le ${formatDay(item.completed_at)}`}
              </Typography>
              <CertificateActions certificate={item.certificate!} describedBy={titleId} />
            </Paper>
          );
        })}
      </Stack>
    </Box>
  );
}

function EmptyState() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <ExploreIcon color="primary" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h6" component="h2" sx={{ mt: 1, mb: 1 }}>
        Vous ne suivez aucune formation pour le moment
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Inscrivez-vous à un cours du catalogue : il apparaîtra ici avec votre progression.
      </Typography>
      <Button component={RouterLink} to={webPaths.catalogue} variant="contained">
        Parcourir le catalogue
      </Button>
    </Paper>
  );
}

/** "Mes formations": the caller's enrolled courses, their progress and where to resume each, then the courses saved for later. */
export default function MyLearningPage() {
  usePageTitle('Mes formations');
  const mine = useMyLearning();

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 30, md: 40 }, color: 'primary.dark', mb: 1 }}>
        Mes formations
      </Typography>
      <Button component={RouterLink} to={webPaths.mySessions} sx={{ mb: 2 }}>
        Mes sessions en direct et émargement
      </Button>
      <Button component={RouterLink} to={webPaths.myInvoices} sx={{ mb: 2 }}>
        Mes factures
      </Button>
      {mine.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Chargement de vos formations" />
        </Box>
      ) : mine.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void mine.refetch()}>
              Réessayer
            </Button>
          }
        >
          {mine.error.message}
        </Alert>
      ) : (
        <>
          {mine.data.items.length === 0 ? (
            <EmptyState />
          ) : (
            <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {mine.data.items.map((item) => (
                <LearningCard key={item.course_id} item={item} />
              ))}
            </Stack>
          )}
          {mine.data.items.some((item) => item.certificate) && <MyCertificates items={mine.data.items.filter((item) => item.certificate)} />}
          {mine.data.saved.length > 0 && <SavedCourses items={mine.data.saved} />}
        </>
      )}
    </Container>
  );
}
