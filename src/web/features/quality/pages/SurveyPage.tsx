import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { formatDay } from '../../../../shared/french-format';
import { qualityMessages, SURVEY_TEXT_MAX, surveyQuestions } from '../../../../shared/quality';
import { CountedTextField } from '../../../components/CountedTextField';
import { QueryStatus } from '../../../components/QueryStatus';
import { ApiError } from '../../../lib/api-client';
import { serverFieldMessages } from '../../../lib/form-errors';
import { usePageTitle } from '../../../lib/page-title';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { useAnswerSurvey, useSurvey } from '../api/quality-api';

const fields = ['practice', 'effect', 'rating'] as const;
type Field = (typeof fields)[number];

/** /enquete/:enrolmentId: the cold survey of a completed course (Qualiopi indicator 30), answered once by its learner. */
export default function SurveyPage() {
  usePageTitle('Enquête après formation');
  const enrolmentId = Number(useParams().enrolmentId);
  const survey = useSurvey(enrolmentId);
  const state = useFirstArrival(survey.data);
  const answer = useAnswerSurvey(enrolmentId);
  const [practice, setPractice] = useState('');
  const [effect, setEffect] = useState('');
  const [rating, setRating] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Partial<Record<Field, string>> = {};
    if (!practice.trim()) local.practice = qualityMessages.practiceRequired;
    if (!effect.trim()) local.effect = qualityMessages.effectRequired;
    if (!rating) local.rating = qualityMessages.ratingRange;
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    answer.mutate({ practice, effect, rating: Number(rating) }, { onError: (error) => setErrors(serverFieldMessages(error, fields)) });
  };

  const heading = (
    <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 2 }}>
      Enquête après formation
    </Typography>
  );
  if (!state) {
    const message = survey.error instanceof ApiError ? survey.error.message : 'L’enquête n’a pas pu être chargée.';
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
        {heading}
        <QueryStatus query={survey} loadingLabel="Chargement de l’enquête" errorMessage={message} />
      </Container>
    );
  }
  const refused = answer.error instanceof ApiError && Object.keys(serverFieldMessages(answer.error, fields)).length === 0 ? answer.error.message : null;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
      {heading}
      <Typography sx={{ mb: 3 }}>
        Formation « {state.course_title} », terminée le {formatDay(state.completed_at)}. Trois questions pour savoir ce qu’elle a changé pour vous.
      </Typography>
      {state.answered_at ? (
        <Alert severity="success" role="status">
          {qualityMessages.surveyThanks} (réponse du {formatDay(state.answered_at)})
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={3}>
            {refused && <Alert severity="error">{refused}</Alert>}
            <CountedTextField label={surveyQuestions.practice} required multiline minRows={3} value={practice} max={SURVEY_TEXT_MAX} error={errors.practice ?? null} onChange={(e) => setPractice(e.target.value)} />
            <CountedTextField label={surveyQuestions.effect} required multiline minRows={3} value={effect} max={SURVEY_TEXT_MAX} error={errors.effect ?? null} onChange={(e) => setEffect(e.target.value)} />
            <FormControl error={Boolean(errors.rating)} required>
              <FormLabel id="survey-rating">{surveyQuestions.rating}</FormLabel>
              <RadioGroup row aria-labelledby="survey-rating" value={rating} onChange={(e) => setRating(e.target.value)}>
                {[1, 2, 3, 4, 5].map((value) => (
                  <FormControlLabel key={value} value={String(value)} control={<Radio />} label={String(value)} />
                ))}
              </RadioGroup>
              <FormHelperText>{errors.rating ?? '1 : pas utile, 5 : très utile.'}</FormHelperText>
            </FormControl>
            <Box>
              <Button type="submit" variant="contained" disabled={answer.isPending}>
                Envoyer mes réponses
              </Button>
            </Box>
          </Stack>
        </Box>
      )}
    </Container>
  );
}
