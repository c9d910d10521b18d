import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDateTime, plural } from '../../../../shared/french-format';
import {
  moderationActionLabels,
  reportReasonLabels,
  reportTargetLabels,
  type AdminReport,
  type DecisionSummary,
  type ReportStatus,
} from '../../../../shared/moderation';
import { visuallyHidden } from '../../../components/visually-hidden';
import { Pager } from '../../../components/Pager';
import { usePageTitle } from '../../../lib/page-title';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { useReports } from '../api/reports';
import { DecisionDialog } from '../components/DecisionDialog';

const statusLabels: Record<ReportStatus, string> = { open: 'À traiter', closed: 'Traités' };

function DecisionLine({ label, decision }: { label: string; decision: DecisionSummary }) {
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      <strong>{label} :</strong> {moderationActionLabels[decision.action]}, le {formatDateTime(decision.decided_at)}
      {decision.decided_by ? ` par ${decision.decided_by}` : ''}. Motif : {decision.reason}
    </Typography>
  );
}

function ReportItem({ item, onDecide }: { item: AdminReport; onDecide: (button: HTMLButtonElement) => void }) {
  const titleId = `signalement-${item.id}`;
  const contest = item.kind === 'contest';
  return (
    <Paper component="li" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip size="small" color={contest ? 'warning' : 'default'} label={contest ? 'Contestation' : 'Signalement'} />
          <Typography id={titleId} component="h2" sx={{ fontWeight: 600 }}>
            {reportTargetLabels[item.target_type]} n° {item.target_id}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            · le {formatDateTime(item.created_at)}
          </Typography>
        </Stack>
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>« {item.excerpt} »</Typography>
        <Typography variant="body2" color="text.secondary">
          Auteur : {item.author_name ?? 'Compte supprimé'}
          {item.link && (
            <>
              {' · '}
              <Link component={RouterLink} to={item.link}>
                Voir le contenu<span style={visuallyHidden}> {`${reportTargetLabels[item.target_type].toLowerCase()} n° ${item.target_id}`}</span>
              </Link>
            </>
          )}
        </Typography>
        {contest ? (
          <>
            {item.contested_decision && <DecisionLine label="Décision contestée" decision={item.contested_decision} />}
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <strong>Contestation de l’auteur :</strong> {item.explanation}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <strong>{item.reason ? reportReasonLabels[item.reason] : 'Signalement'}</strong>, par {item.reporter_name ?? 'un compte supprimé'} : {item.explanation}
          </Typography>
        )}
        {item.status === 'open' && item.open_on_target > 1 && (
          <Typography variant="body2" color="warning.dark">
            {plural(item.open_on_target, 'signalement ou contestation ouvert', 'signalements ou contestations ouverts')} sur ce contenu
          </Typography>
        )}
        {item.decision && <DecisionLine label="Décision" decision={item.decision} />}
        {item.status === 'open' && (
          <div>
            <Button variant="contained" size="small" onClick={(event) => onDecide(event.currentTarget)} aria-describedby={titleId}>
              {contest ? 'Répondre à la contestation' : 'Décider'}
            </Button>
          </div>
        )}
      </Stack>
    </Paper>
  );
}

/** /admin/moderation: reported content and contested decisions (DSA notice and action), oldest first, and those already decided. */
export default function AdminModerationPage() {
  usePageTitle('Modération');
  const [status, setStatus] = useState<ReportStatus>('open');
  const [page, setPage] = useState(1);
  const list = useReports(status, page);
  const data = useFirstArrival(list.data);
  const [deciding, setDeciding] = useState<AdminReport | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" ref={heading} tabIndex={-1} sx={{ color: 'primary.dark', mb: 2 }}>
        Modération
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Les contenus signalés par les utilisateurs et les contestations des auteurs. Chaque décision est motivée : son motif est envoyé à l’auteur
        et aux signalants, et l’auteur peut contester une fois un masquage ou une suppression.
      </Typography>
      <TextField
        select
        label="Statut"
        value={status}
        onChange={(event) => {
          setStatus(event.target.value as ReportStatus);
          setPage(1);
        }}
        sx={{ mb: 3, minWidth: 220 }}
      >
        {(Object.keys(statusLabels) as ReportStatus[]).map((value) => (
          <MenuItem key={value} value={value}>
            {statusLabels[value]}
          </MenuItem>
        ))}
      </TextField>
      <div role="status">
        {done && (
          <Alert severity="success" sx={{ mb: 2 }} onClose={() => setDone(null)}>
            {done}
          </Alert>
        )}
      </div>
      {list.isError ? (
        <Alert severity="error">{list.error.message}</Alert>
      ) : !data ? (
        <CircularProgress aria-label="Chargement des signalements" />
      ) : data.items.length === 0 ? (
        <Typography>{status === 'open' ? 'Aucun signalement à traiter.' : 'Aucun signalement traité pour le moment.'}</Typography>
      ) : (
        <>
          <Typography sx={{ mb: 1 }}>{plural(data.total, status === 'open' ? 'élément à traiter' : 'élément traité', status === 'open' ? 'éléments à traiter' : 'éléments traités')}</Typography>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data.items.map((item) => (
              <ReportItem
                key={item.id}
                item={item}
                onDecide={(button) => {
                  opener.current = button;
                  setDone(null);
                  setDeciding(item);
                }}
              />
            ))}
          </Stack>
          <Pager label="Pages des signalements" info={data} page={page} onChange={setPage} mt={2} />
        </>
      )}
      {deciding && (
        <DecisionDialog
          item={deciding}
          onClose={() => {
            setDeciding(null);
            opener.current?.focus();
          }}
          onDecided={(decision) => {
            setDeciding(null);
            setDone(`Décision enregistrée : ${moderationActionLabels[decision.action].toLowerCase()}. L’auteur et les signalants en sont informés.`);
            // The decided line leaves the list: the focus goes back to the page's heading.
            heading.current?.focus();
          }}
        />
      )}
    </Container>
  );
}
