import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { COMPLAINT_DESCRIPTION_MAX, COMPLAINT_SUBJECT_MAX, qualityMessages } from '../../../../shared/quality';
import { CountedTextField } from '../../../components/CountedTextField';
import { ApiError } from '../../../lib/api-client';
import { serverFieldMessages } from '../../../lib/form-errors';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { useFileComplaint } from '../api/quality-api';

const fields = ['subject', 'description', 'email'] as const;
type Field = (typeof fields)[number];

/** /reclamation: anyone files a complaint (Qualiopi indicator 31); a visitor gives the address the answer goes to. */
export default function ComplaintPage() {
  usePageTitle('Déposer une réclamation');
  const user = useSession((s) => s.user);
  const file = useFileComplaint();
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [done, setDone] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Partial<Record<Field, string>> = {};
    if (!subject.trim()) local.subject = qualityMessages.subjectRequired;
    if (!description.trim()) local.description = qualityMessages.descriptionRequired;
    if (!user && !email.trim()) local.email = qualityMessages.emailRequiredForVisitor;
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    file.mutate(
      { subject, description, ...(user ? {} : { email }) },
      {
        onSuccess: (created) => setDone(`${created.message} Numéro de réclamation : ${created.id}.`),
        onError: (error) => setErrors(serverFieldMessages(error, fields)),
      },
    );
  };

  const fieldError = file.error instanceof ApiError && Object.keys(serverFieldMessages(file.error, fields)).length === 0 ? file.error.message : null;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 2 }}>
        Déposer une réclamation
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Une formation, un formateur, une facture ou la plateforme ne vous donne pas satisfaction ? Décrivez-nous la situation : notre équipe qualité
        en accuse réception par e-mail, la prend en charge et vous répond.
      </Typography>
      {done ? (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2.5}>
            {fieldError && <Alert severity="error">{fieldError}</Alert>}
            {user ? (
              <Typography>
                Notre réponse sera envoyée à l’adresse de votre compte : <strong>{user.email}</strong>.
              </Typography>
            ) : (
              <TextField
                label="Votre adresse e-mail"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                error={Boolean(errors.email)}
                helperText={errors.email ?? 'Pour recevoir l’accusé de réception et notre réponse.'}
              />
            )}
            <TextField
              label="Objet"
              required
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
              error={Boolean(errors.subject)}
              helperText={errors.subject}
              slotProps={{ htmlInput: { maxLength: COMPLAINT_SUBJECT_MAX } }}
            />
            <CountedTextField
              label="Description"
              required
              multiline
              minRows={5}
              value={description}
              max={COMPLAINT_DESCRIPTION_MAX}
              hint="Ce qui s’est passé, quand, et la formation concernée le cas échéant."
              error={errors.description ?? null}
              onChange={(e) => setDescription(e.target.value)}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={file.isPending}>
                Envoyer la réclamation
              </Button>
            </Box>
          </Stack>
        </Box>
      )}
    </Container>
  );
}
