import ArrowBackIcon from '../../../components/icons/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import type { MessageItem } from '../../../../shared/messages';
import { HIDDEN_BY_MODERATION } from '../../../../shared/moderation-rules';
import { webPaths } from '../../../../shared/web-paths';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LinkButton } from '../../../components/LinkButton';
import { visuallyHidden } from '../../../components/visually-hidden';
import { ApiError } from '../../../lib/api-client';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { ReportButton } from '../../moderation';
import { useSetBlocked } from '../api/block-user';
import { THREAD_FIRST_SIZE, useMessages } from '../api/get-messages';
import { useMarkConversationRead } from '../api/mark-conversation-read';
import { useSendMessage } from '../api/send-message';
import { messageTime } from '../message-text';
import { Composer } from './Composer';

function Bubble({ message, correspondent }: { message: MessageItem; correspondent: string }) {
  return (
    <Box component="li" sx={{ display: 'flex', justifyContent: message.mine ? 'flex-end' : 'flex-start', listStyle: 'none' }}>
      <Box
        sx={{
          maxWidth: { xs: '88%', sm: '75%' },
          bgcolor: (theme) => (message.mine ? alpha(theme.palette.primary.main, 0.12) : theme.palette.grey[100]),
          color: 'text.primary',
          borderRadius: 2,
          px: 1.5,
          py: 1,
          overflowWrap: 'anywhere',
          '& p': { my: 0.5 },
          '& a': { color: 'primary.dark' },
        }}
      >
        <Typography component="p" variant="caption" sx={{ display: 'block', color: 'text.secondary', fontWeight: 600 }}>
          {message.mine ? 'Vous' : correspondent}
          <span aria-hidden="true"> · </span>
          <Box component="span" sx={visuallyHidden}>
            {', '}
          </Box>
          <time dateTime={message.created_at}>{messageTime(message.created_at)}</time>
        </Typography>
        {message.moderation === 'hidden' && (
          <Typography component="p" variant="caption" sx={{ color: 'warning.dark', fontWeight: 600 }}>
            {HIDDEN_BY_MODERATION}
          </Typography>
        )}
        {/* Rendered by the server from Markdown with raw HTML escaped and unsafe links dropped. */}
        <Box sx={{ fontSize: 15, ...(message.moderation === 'removed' ? { fontStyle: 'italic', color: 'text.secondary' } : {}) }} dangerouslySetInnerHTML={{ __html: message.html }} />
        {!message.mine && !message.moderation && message.sender_id !== null && (
          <Box sx={{ textAlign: 'right', mt: 0.5 }}>
            <ReportButton targetType="message" targetId={message.id} />
          </Box>
        )}
      </Box>
    </Box>
  );
}

/**
 * Reads the conversation when it opens, or when a message arrives while it is open. A component of
 * its own: each step of the mutation (pending, done) re-renders its holder at once, outside any
 * transition, and the whole thread re-rendered twice on opening (Lighthouse's blocking time).
 */
function ReadOnOpen({ userId, conversationId, unread }: { userId: number; conversationId: number; unread: number }) {
  const { mutate: markAsRead } = useMarkConversationRead(userId);
  useEffect(() => {
    if (unread > 0) markAsRead(conversationId);
  }, [unread, conversationId, markAsRead]);
  return null;
}

/** The composer with its own sending state, which re-renders it alone, not the thread. */
function SendComposer({ userId, conversationId }: { userId: number; conversationId: number }) {
  const send = useSendMessage(userId, conversationId);
  return <Composer onSend={(body) => send.mutateAsync(body)} pending={send.isPending} />;
}

/**
 * One conversation: who it is with (and the course), its messages oldest first in a live log, the
 * composer, and « Bloquer »/« Débloquer ». On a phone it fills the screen, with a way back to the list.
 */
export function Thread({ userId, conversationId }: { userId: number; conversationId: number }) {
  const [pageSize, setPageSize] = useState(THREAD_FIRST_SIZE);
  const thread = useMessages(userId, conversationId, pageSize);
  const data = useFirstArrival(thread.data);
  const blocking = useSetBlocked(userId);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const endRef = useRef<HTMLDivElement>(null);

  const conversation = data?.conversation;

  const lastId = data?.items.at(-1)?.id;
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  if (!data && !thread.isError) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Chargement de la conversation" />
      </Box>
    );
  }
  if (thread.isError || !data || !conversation) {
    const message = thread.error instanceof ApiError ? thread.error.message : 'La conversation n’a pas pu être chargée.';
    return (
      <Box sx={{ p: 2 }}>
        <LinkButton to={webPaths.messages()} sx={{ display: { md: 'none' }, mb: 1 }}>
          <ArrowBackIcon fontSize="small" sx={{ mr: 0.5 }} />
          Conversations
        </LinkButton>
        <Alert severity="error">{message}</Alert>
      </Box>
    );
  }

  const { items, total } = data;
  const other = conversation.correspondent;
  const blockError = blocking.error instanceof ApiError ? blocking.error.message : blocking.error ? 'Le blocage n’a pas pu être modifié. Réessayez.' : null;
  const cannotWrite = other.id === null
    ? 'Le compte de cette personne a été supprimé : la conversation reste lisible, mais plus personne n’y répondra.'
    : conversation.blocked_by_me
      ? 'Vous avez bloqué cette personne : elle ne peut plus vous écrire. Débloquez-la pour reprendre la conversation.'
      : 'Cette personne ne reçoit plus vos messages.';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <ReadOnOpen userId={userId} conversationId={conversationId} unread={conversation.unread} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', p: { xs: 1.5, sm: 2 }, borderBottom: 1, borderColor: 'divider' }}>
        <LinkButton to={webPaths.messages()} aria-label="Retour aux conversations" sx={{ display: { md: 'none' }, minWidth: 0, px: 1 }}>
          <ArrowBackIcon />
        </LinkButton>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h2" sx={{ fontSize: 20, fontWeight: 700 }}>
            {other.name}
          </Typography>
          {conversation.course && (
            <Typography variant="body2" color="text.secondary">
              À propos de « {conversation.course.title} »
            </Typography>
          )}
        </Box>
        {other.id !== null && (
          <Button
            size="small"
            color={conversation.blocked_by_me ? 'primary' : 'error'}
            variant="outlined"
            disabled={blocking.isPending}
            onClick={() => (conversation.blocked_by_me ? blocking.mutate({ userId: other.id!, blocked: false }) : setConfirmBlock(true))}
          >
            {conversation.blocked_by_me ? 'Débloquer' : 'Bloquer'}
          </Button>
        )}
      </Box>
      {blockError && !confirmBlock && (
        <Alert severity="error" role="alert" sx={{ m: 1 }}>
          {blockError}
        </Alert>
      )}
      <Box sx={{ flex: 1, overflowY: 'auto', p: { xs: 1.5, sm: 2 }, minHeight: 200 }}>
        {total > items.length && (
          <Box sx={{ textAlign: 'center', mb: 1 }}>
            <Button size="small" onClick={() => setPageSize((size) => size + THREAD_FIRST_SIZE)} disabled={thread.isFetching}>
              Messages précédents
            </Button>
          </Box>
        )}
        {items.length === 0 && <Typography color="text.secondary">Aucun message pour l’instant. Écrivez le premier ci-dessous.</Typography>}
        {/* A log: a screen reader announces each message that arrives while the conversation is open. */}
        <Box role="log" aria-label={`Messages avec ${other.name}`} aria-live="polite">
          <Box component="ol" sx={{ display: 'flex', flexDirection: 'column', gap: 1, m: 0, p: 0 }}>
            {items.map((message) => (
              <Bubble key={message.id} message={message} correspondent={other.name} />
            ))}
          </Box>
        </Box>
        <div ref={endRef} />
      </Box>
      {conversation.can_write ? (
        <SendComposer userId={userId} conversationId={conversationId} />
      ) : (
        <Alert severity="info" sx={{ m: { xs: 1.5, sm: 2 } }}>
          {cannotWrite}
        </Alert>
      )}
      <ConfirmDialog
        open={confirmBlock}
        title={`Bloquer ${other.name} ?`}
        confirmLabel="Bloquer"
        pending={blocking.isPending}
        error={confirmBlock ? blockError : null}
        onClose={() => setConfirmBlock(false)}
        onConfirm={() => blocking.mutate({ userId: other.id!, blocked: true }, { onSuccess: () => setConfirmBlock(false) })}
      >
        Cette personne ne pourra plus vous écrire et vous ne serez plus averti de ses messages. La conversation reste lisible ; vous pourrez la débloquer à tout moment.
      </ConfirmDialog>
    </Box>
  );
}
