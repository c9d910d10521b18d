import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { frenchDay, instalmentStatusLabels, type InstalmentView } from '../../../../shared/contracts';
import { formatEuros } from '../../../../shared/french-format';

function dueLabel(due: InstalmentView['due']): string {
  if ('on' in due) return `Exigible le ${frenchDay(due.on)}`;
  return due.progress === 100 ? 'Exigible à la fin de la formation' : `Exigible à ${due.progress} % des leçons`;
}

/** A contract's instalments: label, amount, when due and, once signed, where each stands. */
export function ScheduleList({ schedule }: { schedule: InstalmentView[] }) {
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {schedule.map((instalment, index) => (
        <Stack
          component="li"
          key={instalment.id ?? index}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, borderTop: 1, borderColor: 'divider', pt: 1 }}
        >
          <div>
            <Typography sx={{ fontWeight: 600 }}>{instalment.label}</Typography>
            <Typography variant="body2" color="text.secondary">
              {dueLabel(instalment.due)}
            </Typography>
          </div>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography sx={{ fontWeight: 700 }}>{formatEuros(instalment.amount_cents / 100)}</Typography>
            {instalment.status && <Chip size="small" color={instalment.status === 'paid' ? 'success' : instalment.status === 'invoiced' ? 'warning' : 'default'} label={instalmentStatusLabels[instalment.status]} />}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
