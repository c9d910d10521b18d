import RateReviewIcon from '../../../components/icons/RateReview';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useMyAnswers } from '../api/get-my-answers';
import { isEditable } from '../rating-text';
import { AnswerSummary } from './AnswerSummary';
import { SatisfactionForm } from './SatisfactionForm';

interface SatisfactionActionProps {
  courseId: number;
  courseTitle: string;
  /** The id of the course's title, so that the button reads "Donner mon avis, <titre>". */
  describedBy?: string;
}

/** In "Mes formations", for a completed course: "Donner mon avis" or "Modifier mon avis", in a dialog. */
export function SatisfactionAction({ courseId, courseTitle, describedBy }: SatisfactionActionProps) {
  const titleId = useId();
  const mine = useMyAnswers();
  const [open, setOpen] = useState(false);
  const [thanks, setThanks] = useState(false);
  if (!mine.data) return null;
  const answer = mine.data.items.find((item) => item.course_id === courseId);
  const editable = !answer || isEditable(answer);

  return (
    <Stack spacing={1}>
      {answer && <AnswerSummary answer={answer} />}
      {editable && (
        <Box>
          <Button variant="outlined" startIcon={<RateReviewIcon />} onClick={() => setOpen(true)} aria-describedby={describedBy}>
            {answer ? 'Modifier mon avis' : 'Donner mon avis'}
          </Button>
        </Box>
      )}
      <Box role="status">{thanks && <Alert severity="success">Merci pour votre avis !</Alert>}</Box>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>Votre avis sur la formation</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {courseTitle}
          </Typography>
          <SatisfactionForm
            courseId={courseId}
            answer={answer}
            onSaved={() => {
              setOpen(false);
              setThanks(true);
            }}
            onCancel={() => setOpen(false)}
          />
        </DialogContent>
      </Dialog>
    </Stack>
  );
}
