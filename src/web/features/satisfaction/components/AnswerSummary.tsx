import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import type { MySatisfactionAnswer } from '../../../../shared/satisfaction';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDay } from '../../../../shared/french-format';
import { isEditable, ratingOutOf } from '../rating-text';

/** The learner's own answer, in short: their note, their comment, until when they may change it. */
export function AnswerSummary({ answer }: { answer: MySatisfactionAnswer }) {
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Rating value={answer.rating} readOnly size="small" aria-hidden sx={{ '& .MuiRating-iconEmpty': { color: 'text.secondary' } }} />
        <Typography>
          <span style={visuallyHidden}>Votre note : </span>
          {ratingOutOf(answer.rating)}
        </Typography>
      </Box>
      {answer.comment && (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          « {answer.comment} »
        </Typography>
      )}
      {answer.comment_hidden && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Votre commentaire a été masqué par l'administration : seule votre note est prise en compte.
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {isEditable(answer) ? `Modifiable jusqu'au ${formatDay(answer.editable_until)}.` : 'Le délai de modification de votre avis est passé.'}
      </Typography>
    </Box>
  );
}
