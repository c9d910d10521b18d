import DownloadIcon from './icons/Download';
import Button from '@mui/material/Button';
import { useState } from 'react';

/** Downloads a CSV export; says so when it fails. */
export function ExportButton({ label, onExport }: { label: string; onExport: () => Promise<void> }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={state === 'busy'}
      color={state === 'failed' ? 'error' : 'primary'}
      onClick={() => {
        setState('busy');
        onExport().then(
          () => setState('idle'),
          () => setState('failed'),
        );
      }}
    >
      {state === 'failed' ? `${label} : échec, réessayer` : label}
    </Button>
  );
}
