import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { webPaths } from '../../../../shared/web-paths';
import { ApiError } from '../../../lib/api-client';
import { useOpenConversation } from '../api/open-conversation';

/**
 * Opens the conversation with a person (the existing one, or a new one when a relationship allows
 * it) and goes to it: « Contacter le formateur » for a learner, « Écrire » on an organisation's
 * member. A refusal is said under the button, in the server's words.
 */
export function ContactButton({
  recipientId,
  courseId,
  children,
  variant = 'outlined',
  size,
  startIcon,
  fullWidth,
  'aria-label': ariaLabel,
}: {
  recipientId: number;
  courseId?: number;
  children: ReactNode;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  startIcon?: ReactNode;
  fullWidth?: boolean;
  'aria-label'?: string;
}) {
  const navigate = useNavigate();
  const open = useOpenConversation();
  const error = open.error instanceof ApiError ? open.error.message : open.error ? 'La conversation n’a pas pu être ouverte. Réessayez.' : null;
  return (
    <Box>
      <Button
        variant={variant}
        size={size}
        startIcon={startIcon}
        fullWidth={fullWidth}
        aria-label={ariaLabel}
        disabled={open.isPending}
        onClick={() =>
          open.mutate({ recipient_id: recipientId, ...(courseId ? { course_id: courseId } : {}) }, { onSuccess: ({ id }) => void navigate(webPaths.messages(id)) })
        }
      >
        {children}
      </Button>
      {/* MUI's Alert is role="alert": the refusal is announced as it appears. */}
      {error && (
        <Alert severity="error" sx={{ maxWidth: 480, mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
