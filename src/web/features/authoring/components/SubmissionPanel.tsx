import SendIcon from '../../../components/icons/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { CourseDetail } from '../../../../shared/courses';
import { canTransition, missingRequirements, reviewDoneMessages, submissionRequirements } from '../../../../shared/reviews';
import { ApiError } from '../../../lib/api-client';
import { CourseStatusChip } from '../../courses';
import { useSubmitCourse } from '../api/submit-course';

/**
 * Where the course stands in the review, with the administrator's reason, and the
 * "Soumettre pour validation" button; what is still missing is listed (and the button waits for it).
 */
export function SubmissionPanel({ course, lessonCount }: { course: CourseDetail; lessonCount: number }) {
  const titleId = useId();
  const missingId = useId();
  const submit = useSubmitCourse();
  const [done, setDone] = useState<string | null>(null);
  const missing = missingRequirements({ lessonCount, ...course });
  const canSubmit = canTransition('submit', course.status);
  const serverError = submit.error instanceof ApiError ? submit.error : null;

  function send() {
    setDone(null);
    submit.mutate(course.id, { onSuccess: () => setDone(reviewDoneMessages.submit) });
  }

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        <Typography id={titleId} variant="h5" component="h2">
          Publication
        </Typography>
        <CourseStatusChip status={course.status} />
      </Stack>
      {course.review_reason && (course.status === 'changes_requested' || course.status === 'unpublished') && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <strong>{course.status === 'changes_requested' ? "Modifications demandées par l'administrateur : " : "Cours dépublié par l'administrateur : "}</strong>
          <Box component="span" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {course.review_reason}
          </Box>
        </Alert>
      )}
      {course.status === 'submitted' && <Typography sx={{ mb: 1 }}>Ce cours est en attente de validation : un administrateur va l'examiner avant sa publication.</Typography>}
      {course.status === 'published' && <Typography sx={{ mb: 1 }}>Ce cours est publié : vos modifications sont visibles des apprenants dès leur enregistrement.</Typography>}
      {canSubmit && (
        <>
          <Typography sx={{ mb: 1 }}>Une fois le cours prêt, soumettez-le : un administrateur le publiera ou vous demandera des modifications.</Typography>
          {missing.length > 0 && (
            <Box id={missingId} sx={{ mb: 1.5 }}>
              <Typography sx={{ fontWeight: 600 }}>Avant de soumettre ce cours :</Typography>
              <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
                {missing.map((m) => (
                  <li key={m}>{submissionRequirements[m]}</li>
                ))}
              </Box>
            </Box>
          )}
          <Button variant="contained" startIcon={<SendIcon />} onClick={send} disabled={submit.isPending || missing.length > 0} aria-describedby={missing.length > 0 ? missingId : undefined}>
            Soumettre pour validation
          </Button>
        </>
      )}
      {serverError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {serverError.message}
        </Alert>
      )}
      <Box role="status" sx={{ mt: done ? 2 : 0 }}>
        {done && <Alert severity="success">{done}</Alert>}
      </Box>
    </Box>
  );
}
