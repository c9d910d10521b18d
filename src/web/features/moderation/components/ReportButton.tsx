import FlagOutlinedIcon from '../../../components/icons/FlagOutlined';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import type { ReportTargetType } from '../../../../shared/moderation';

// The dialog and its validation (zod) load when someone reports, not with every page showing the button (decision 066).
const ReportDialog = lazy(() => import('./ReportDialog').then((m) => ({ default: m.ReportDialog })));

const accessibleNames: Record<ReportTargetType, string> = {
  message: 'Signaler ce message',
  thread: 'Signaler cette discussion',
  reply: 'Signaler cette réponse',
  profile: 'Signaler ce profil',
  opportunity: 'Signaler cette opportunité',
};

/**
 * « Signaler »: the button other features place on a message, a thread, a reply, a directory
 * profile or an opportunity (not on the person's own content: the server refuses it). It opens
 * the report dialog; the focus comes back to the button when the dialog closes.
 */
export function ReportButton({ targetType, targetId, size = 'small' }: { targetType: ReportTargetType; targetId: number; size?: 'small' | 'medium' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} color="inherit" startIcon={<FlagOutlinedIcon aria-hidden />} aria-label={accessibleNames[targetType]} onClick={() => setOpen(true)} sx={{ color: 'text.secondary' }}>
        Signaler
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog targetType={targetType} targetId={targetId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
