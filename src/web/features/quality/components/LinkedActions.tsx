import Typography from '@mui/material/Typography';
import { formatDate } from '../../../../shared/french-format';
import { improvementStatusLabels, type Complaint } from '../../../../shared/quality';

/** The improvement actions drawn from a complaint or a survey answer (indicator 32: each action shown on its source). */
export function LinkedActions({ actions }: { actions: Complaint['actions'] }) {
  if (actions.length === 0) return null;
  return (
    <>
      <Typography component="h4" variant="subtitle2" sx={{ mt: 1.5 }}>
        Actions d’amélioration
      </Typography>
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {actions.map((a) => (
          <li key={a.id}>
            <Typography variant="body2">
              n° {a.id} {a.title} ({improvementStatusLabels[a.status]}, échéance {formatDate(a.due)})
            </Typography>
          </li>
        ))}
      </ul>
    </>
  );
}
