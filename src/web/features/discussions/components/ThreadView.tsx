import ArrowBackIcon from '../../../components/icons/ArrowBack';
import CheckCircleIcon from '../../../components/icons/CheckCircle';
import LockIcon from '../../../components/icons/Lock';
import LockOpenIcon from '../../../components/icons/LockOpen';
import NotificationsActiveIcon from '../../../components/icons/NotificationsActive';
import NotificationsOffIcon from '../../../components/icons/NotificationsOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { DISCUSSION_BODY_MAX, discussionKindLabels, discussionMessages } from '../../../../shared/discussion-rules';
import type { DiscussionAuthor, Reply, ThreadDetail } from '../../../../shared/discussions';
import { formatDateTime, formatNumber, plural } from '../../../../shared/french-format';
import { HIDDEN_BY_MODERATION, type ModerationState } from '../../../../shared/moderation-rules';
import { useSession } from '../../../lib/session';
import { ReportButton } from '../../moderation';
import { useAcceptReply, useFollow, useLiveThread, useLock, useReply, useThread } from '../api/discussions';
import { MessageBody } from './MessageBody';

function Byline({ author, at }: { author: DiscussionAuthor; at: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {author.name}
      </Box>
      {author.is_trainer && ' (formateur du cours)'} · {formatDateTime(at)}
    </Typography>
  );
}

/** « Masqué par la modération » for its author (and administrators): nobody else receives hidden content. */
function ModerationMark({ state }: { state: ModerationState | undefined }) {
  if (state !== 'hidden') return null;
  return <Chip size="small" color="warning" label={HIDDEN_BY_MODERATION} sx={{ mb: 1 }} />;
}

/** Others' content may be reported; one's own, removed content and a deleted account's may not. */
function reportable(item: { author: DiscussionAuthor; moderation?: ModerationState | undefined }, me: number | undefined): boolean {
  return item.author.id !== null && item.author.id !== me && item.moderation === undefined;
}

/** The reply form: a labelled text area and its button, reached and sent with the keyboard alone. */
function ReplyForm({ courseId, thread }: { courseId: number; thread: ThreadDetail }) {
  const id = useId();
  const send = useReply(courseId, thread.id);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSent(false);
    const body = text.trim();
    if (!body) return setProblem(discussionMessages.bodyRequired);
    if (body.length > DISCUSSION_BODY_MAX) return setProblem(discussionMessages.bodyTooLong);
    setProblem(null);
    try {
      await send.mutateAsync(body);
      setText('');
      setSent(true);
    } catch (caught) {
      setProblem((caught as Error).message);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={`${id}-titre`} sx={{ mt: 3 }}>
      <Typography id={`${id}-titre`} variant="h6" component="h3" sx={{ mb: 1.5 }}>
        Répondre
      </Typography>
      <TextField
        label="Votre réponse"
        multiline
        minRows={3}
        fullWidth
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={Boolean(problem)}
        helperText={problem ?? `Mise en forme Markdown possible. ${formatNumber(text.length)} / ${formatNumber(DISCUSSION_BODY_MAX)} caractères`}
      />
      <Button type="submit" variant="contained" sx={{ mt: 1.5 }} disabled={send.isPending}>
        {send.isPending ? 'Envoi…' : 'Envoyer la réponse'}
      </Button>
      <Box aria-live="polite" sx={{ mt: 1 }}>
        {sent && <Typography color="success.dark">Votre réponse est publiée.</Typography>}
      </Box>
    </Box>
  );
}

function ReplyItem({ reply, thread, courseId }: { reply: Reply; thread: ThreadDetail; courseId: number }) {
  const me = useSession((state) => state.user?.id);
  const accept = useAcceptReply(courseId, thread.id);
  const mayAccept = thread.can_moderate && thread.kind === 'question' && !reply.accepted;
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, listStyle: 'none', borderColor: reply.accepted ? 'success.main' : undefined, borderWidth: reply.accepted ? 2 : 1 }}
    >
      {reply.accepted && <Chip color="success" size="small" icon={<CheckCircleIcon />} label="Réponse acceptée" sx={{ mb: 1 }} />}
      <ModerationMark state={reply.moderation} />
      <Byline author={reply.author} at={reply.created_at} />
      <MessageBody html={reply.body_html} />
      {reportable(reply, me) && <ReportButton targetType="reply" targetId={reply.id} />}
      {mayAccept && (
        <Button size="small" startIcon={<CheckCircleIcon />} onClick={() => accept.mutate(reply.id)} disabled={accept.isPending} aria-label={`Marquer comme réponse : réponse de ${reply.author.name} du ${formatDateTime(reply.created_at)}`}>
          Marquer comme réponse
        </Button>
      )}
      {accept.error && <Alert severity="error">{accept.error.message}</Alert>}
    </Paper>
  );
}

/** A thread with its replies, what the caller may do on it, and the reply form. */
export function ThreadView({ courseId, threadId, onBack }: { courseId: number; threadId: number; onBack: () => void }) {
  const thread = useThread(threadId);
  const me = useSession((state) => state.user?.id);
  const follow = useFollow(courseId, threadId);
  const lock = useLock(courseId, threadId);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = Boolean(thread.data);
  useLiveThread(courseId, threadId);
  // The heading takes the focus when the thread opens, so the keyboard and screen readers start there.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded, threadId]);

  const back = (
    <Button startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ mb: 2 }}>
      Retour aux discussions
    </Button>
  );
  if (thread.error) {
    return (
      <Box>
        {back}
        <Alert severity="error">{thread.error.message}</Alert>
      </Box>
    );
  }
  if (!thread.data) return <CircularProgress aria-label="Chargement de la discussion" />;
  const t = thread.data;
  const actionError = follow.error ?? lock.error;

  return (
    <Box component="article" aria-labelledby={`discussion-${t.id}`}>
      {back}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Chip size="small" variant="outlined" label={discussionKindLabels[t.kind]} />
        {t.answered && <Chip size="small" color="success" icon={<CheckCircleIcon />} label="Résolue" />}
        {t.locked && <Chip size="small" icon={<LockIcon />} label="Verrouillée" />}
        {t.moderation === 'hidden' && <Chip size="small" color="warning" label={HIDDEN_BY_MODERATION} />}
        {t.lesson && <Chip size="small" variant="outlined" label={`Leçon « ${t.lesson.title} »`} />}
      </Stack>
      <Typography id={`discussion-${t.id}`} ref={heading} tabIndex={-1} variant="h5" component="h2" sx={{ mb: 1, overflowWrap: 'anywhere', '&:focus': { outline: 'none' } }}>
        {t.title}
      </Typography>
      <Byline author={t.author} at={t.created_at} />
      <MessageBody html={t.body_html} />

      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, my: 2 }}>
        <Button
          variant="outlined"
          size="small"
          aria-pressed={t.following}
          startIcon={t.following ? <NotificationsOffIcon /> : <NotificationsActiveIcon />}
          onClick={() => follow.mutate(!t.following)}
          disabled={follow.isPending}
        >
          {t.following ? 'Ne plus suivre' : 'Suivre'}
        </Button>
        {t.can_moderate && (
          <Button variant="outlined" size="small" startIcon={t.locked ? <LockOpenIcon /> : <LockIcon />} onClick={() => lock.mutate(!t.locked)} disabled={lock.isPending}>
            {t.locked ? 'Déverrouiller' : 'Verrouiller'}
          </Button>
        )}
        {reportable(t, me) && <ReportButton targetType="thread" targetId={t.id} />}
      </Stack>
      {actionError && <Alert severity="error" sx={{ mb: 2 }}>{actionError.message}</Alert>}

      <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1.5 }}>
        {plural(t.replies_count, 'réponse')}
      </Typography>
      {t.replies.length > 0 ? (
        <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {t.replies.map((reply) => (
            <ReplyItem key={reply.id} reply={reply} thread={t} courseId={courseId} />
          ))}
        </Stack>
      ) : (
        <Typography color="text.secondary">Pas encore de réponse.</Typography>
      )}

      {t.locked ? (
        <Alert severity="info" icon={<LockIcon />} sx={{ mt: 3 }}>
          {discussionMessages.locked}
        </Alert>
      ) : (
        <ReplyForm courseId={courseId} thread={t} />
      )}
    </Box>
  );
}
