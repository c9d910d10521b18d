import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useMyAnswers } from '../api/get-my-answers';
import { isEditable } from '../rating-text';
import { AnswerSummary } from './AnswerSummary';
import { SatisfactionForm } from './SatisfactionForm';

/**
 * "Votre avis sur la formation", in the player once the course is completed: the form until the
 * learner answers, then their answer with "Modifier mon avis" while it may still change.
 */
export function SatisfactionCard({ courseId }: { courseId: number }) {
  const headingId = useId();
  const mine = useMyAnswers();
  const [editing, setEditing] = useState(false);
  const [thanks, setThanks] = useState(false);
  // The lesson stays usable without it: a failed load shows nothing rather than an error in the lesson.
  if (!mine.data) return null;
  const answer = mine.data.items.find((item) => item.course_id === courseId);

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3, borderColor: 'primary.main' }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        Votre avis sur la formation
      </Typography>
      <Box role="status">
        {thanks && (
          <Alert severity="success" sx={{ mb: 2 }}>
            Merci pour votre avis !
          </Alert>
        )}
      </Box>
      {!answer || editing ? (
        <>
          {!answer && (
            <Typography sx={{ mb: 2 }}>
              Bravo, vous avez terminé cette formation ! Votre note aide les prochains apprenants à choisir et le formateur à l'améliorer.
            </Typography>
          )}
          <SatisfactionForm
            courseId={courseId}
            answer={answer}
            onSaved={() => {
              setEditing(false);
              setThanks(true);
            }}
            onCancel={answer ? () => setEditing(false) : undefined}
          />
        </>
      ) : (
        <>
          <AnswerSummary answer={answer} />
          {isEditable(answer) && (
            <Button
              variant="outlined"
              sx={{ mt: 2 }}
              onClick={() => {
                setThanks(false);
                setEditing(true);
              }}
            >
              Modifier mon avis
            </Button>
          )}
        </>
      )}
    </Paper>
  );
}
