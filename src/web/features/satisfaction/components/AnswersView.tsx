import DownloadIcon from '../../../components/icons/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatAnswerCount, formatAverage, type SatisfactionAnswer, type SatisfactionCourseSummary } from '../../../../shared/satisfaction';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDay } from '../../../../shared/french-format';
import { useExportAnswers } from '../api/export-answers';
import { useAnswers } from '../api/get-answers';
import type { AnswersScope } from '../api/keys';
import { useSetCommentHidden } from '../api/set-comment-hidden';
import { ratingOutOf } from '../rating-text';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Pager } from '../../../components/Pager';

const HIDDEN_FOR_TRAINER = "Commentaire masqué par l'administration.";

function courseOption(course: SatisfactionCourseSummary): string {
  return `${course.title} – ${formatAnswerCount(course.count)}, moyenne ${formatAverage(course.average)}`;
}

function HideDialog({ answer, onClose }: { answer: SatisfactionAnswer; onClose: () => void }) {
  const change = useSetCommentHidden();
  return (
    <ConfirmDialog
      open
      fullWidth
      title="Masquer ce commentaire ?"
      confirmLabel="Masquer le commentaire"
      pending={change.isPending}
      error={change.error?.message}
      onClose={onClose}
      onConfirm={() => change.mutate({ id: answer.id, hidden: true }, { onSuccess: onClose })}
      details={<Typography sx={{ mt: 2, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>« {answer.comment} »</Typography>}
    >
      Le formateur ne le verra plus, ni dans la liste ni dans l'export, et il n'apparaîtra nulle part publiquement. La note reste comptée dans la
      moyenne ; l'apprenant voit toujours son commentaire. L'action est enregistrée dans son historique.
    </ConfirmDialog>
  );
}

function AnswerItem({ answer, moderator, onHide }: { answer: SatisfactionAnswer; moderator: boolean; onHide: () => void }) {
  const titleId = `avis-${answer.id}`;
  const show = useSetCommentHidden();
  const edited = answer.updated_at !== answer.created_at;
  return (
    <Paper component="li" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Typography id={titleId} component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {answer.course.title}
          {answer.learner && <span style={visuallyHidden}>, avis de {answer.learner.name}</span>}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Rating value={answer.rating} readOnly size="small" aria-hidden sx={{ '& .MuiRating-iconEmpty': { color: 'text.secondary' } }} />
          <Typography>
            <span style={visuallyHidden}>Note : </span>
            {ratingOutOf(answer.rating)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            · le {formatDay(answer.created_at)}
            {edited ? `, modifié le ${formatDay(answer.updated_at)}` : ''}
          </Typography>
        </Box>
        {answer.learner && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {answer.learner.name} ({answer.learner.email})
          </Typography>
        )}
        {answer.comment_hidden && !moderator ? (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {HIDDEN_FOR_TRAINER}
          </Typography>
        ) : answer.comment ? (
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>« {answer.comment} »</Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Sans commentaire
          </Typography>
        )}
        {moderator && answer.comment && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            {answer.comment_hidden ? (
              <>
                <Chip label="Commentaire masqué" color="warning" size="small" />
                <Button size="small" onClick={() => show.mutate({ id: answer.id, hidden: false })} disabled={show.isPending} aria-describedby={titleId}>
                  Afficher de nouveau
                </Button>
              </>
            ) : (
              <Button size="small" color="error" variant="outlined" onClick={onHide} aria-describedby={titleId}>
                Masquer le commentaire
              </Button>
            )}
          </Stack>
        )}
        {show.error && <Alert severity="error">{show.error.message}</Alert>}
      </Stack>
    </Paper>
  );
}

/**
 * The answers of one scope: the trainer's courses (anonymous, hidden comments withheld) or every
 * course (administrators: who answered, hiding and showing comments). A course filter, the CSV export and pages.
 */
export function AnswersView({ scope }: { scope: AnswersScope }) {
  const moderator = scope === 'admin';
  const [course, setCourse] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const list = useAnswers(scope, course, page);
  const exporting = useExportAnswers();
  const [hiding, setHiding] = useState<SatisfactionAnswer | null>(null);
  const selected = list.data?.courses.find((c) => c.id === course);

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { sm: 'center' } }}>
        <TextField
          select
          label="Formation"
          value={course === null ? '' : String(course)}
          onChange={(event) => {
            setCourse(event.target.value === '' ? null : Number(event.target.value));
            setPage(1);
          }}
          sx={{ flex: 1, minWidth: 0 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Toutes les formations</MenuItem>
          {list.data?.courses.map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {courseOption(c)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => exporting.mutate({ scope, course })} disabled={exporting.isPending}>
          Exporter en CSV
        </Button>
      </Stack>
      {exporting.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {exporting.error.message}
        </Alert>
      )}

      {list.isPending ? (
        <CircularProgress aria-label="Chargement des avis" />
      ) : list.isError ? (
        <Alert severity="error">{list.error.message}</Alert>
      ) : list.data.answers.length === 0 ? (
        <Typography>{course === null ? 'Aucun avis pour le moment : les apprenants le donnent en fin de formation.' : 'Aucun avis sur cette formation.'}</Typography>
      ) : (
        <>
          <Typography sx={{ mb: 1 }} role="status">
            {selected ? `Moyenne ${formatAverage(selected.average)} sur 5 · ${formatAnswerCount(selected.count)}` : formatAnswerCount(list.data.total)}
          </Typography>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {list.data.answers.map((answer) => (
              <AnswerItem key={answer.id} answer={answer} moderator={moderator} onHide={() => setHiding(answer)} />
            ))}
          </Stack>
          <Pager label="Pages des avis" info={list.data} page={page} onChange={setPage} mt={2} />
        </>
      )}
      {hiding && <HideDialog answer={hiding} onClose={() => setHiding(null)} />}
    </>
  );
}
