import DownloadIcon from '../../../components/icons/DownloadOutlined';
import WarningIcon from '../../../components/icons/WarningAmberOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ActivityPanel } from '../../activity';
import { INACTIVE_DAYS, progressStatuses, progressStatusLabels, type DashboardFilters, type DashboardRow, type ProgressStatus } from '../../../../shared/organisations';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDay, formatNumber, plural } from '../../../../shared/french-format';
import { usePageTitle } from '../../../lib/page-title';
import { webPaths } from '../../../../shared/web-paths';
import { useDashboard } from '../api/get-dashboard';
import { useOrganisationCourses } from '../api/get-organisation-courses';
import { useExportDashboard } from '../api/export-dashboard';
import { DetailsMissing, isDetailsMissing } from '../components/DetailsMissing';
import { Pager } from '../../../components/Pager';
import { SEARCH_COUNT_CAP } from '../../../../shared/paging';
import { EnrolmentProofs } from '../../attendance';
import { ContactButton } from '../../messages';
import { QuotePrompt } from '../components/QuotePrompt';

function readStatus(raw: string | null): ProgressStatus | undefined {
  return (progressStatuses as readonly string[]).includes(raw ?? '') ? (raw as ProgressStatus) : undefined;
}

function Counter({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: 28, fontWeight: 700 }}>{value === undefined ? '…' : formatNumber(value)}</Typography>
    </Paper>
  );
}

function ProgressCell({ row }: { row: DashboardRow }) {
  if (!row.course) return <Typography color="text.secondary">—</Typography>;
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>{`${row.percent}\u00a0%`}</Typography>
      <LinearProgress variant="determinate" value={row.percent} aria-label={`Progression de ${row.name} dans « ${row.course.title} »`} sx={{ height: 8, borderRadius: 4, my: 0.5 }} />
      <Typography variant="caption" color="text.secondary">
        {plural(row.completed_lessons, 'leçon')} sur {row.total_lessons}
      </Typography>
    </Box>
  );
}

/**
 * /organisme/tableau-de-bord: every consenting member with each course the organisation enrolled
 * them in, their progress, last activity, completion date and attestation; filters, search, the
 * members without activity for 14 days highlighted, and the whole table as CSV (decision 025).
 */
export default function DashboardPage() {
  usePageTitle('Tableau de bord de mon organisation');
  const [params, setParams] = useSearchParams();
  const filters: DashboardFilters = {
    ...(params.get('q') ? { q: params.get('q')! } : {}),
    ...(params.get('cours') ? { course_id: params.get('cours')! } : {}),
    ...(readStatus(params.get('statut')) ? { status: params.get('statut')! } : {}),
    ...(params.get('page') ? { page: params.get('page')! } : {}),
  };
  const page = Math.max(1, Number.parseInt(filters.page ?? '1', 10) || 1);
  const dashboard = useDashboard(filters);
  const courses = useOrganisationCourses();
  const exporter = useExportDashboard();
  const [search, setSearch] = useState(filters.q ?? '');

  function go(next: Partial<Record<'q' | 'cours' | 'statut' | 'page', string | undefined>>) {
    const query = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) query.set(key, value);
      else query.delete(key);
    }
    if (!('page' in next)) query.delete('page');
    setParams(query);
  }

  const data = dashboard.data;

  if (dashboard.isError && isDetailsMissing(dashboard.error)) {
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
          Tableau de bord
        </Typography>
        <DetailsMissing />
      </Container>
    );
  }

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
        Tableau de bord
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {data ? `${data.organisation_name} · ` : ''}La progression des membres qui ont accepté de la partager, dans les formations où vous les avez inscrits.
      </Typography>
      <QuotePrompt />
      <Button component={RouterLink} to={webPaths.organisationInvoices} sx={{ mb: 2 }}>
        Factures de l’organisation
      </Button>
      <ActivityPanel />

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, mb: 3 }}>
        <Counter label="Membres" value={data?.summary.members} />
        <Counter label="Inscriptions" value={data?.summary.enrolments} />
        <Counter label="Formations terminées" value={data?.summary.completed} />
        <Counter label={`Inactifs depuis ${INACTIVE_DAYS} jours`} value={data?.summary.inactive} />
      </Box>

      <Box
        component="form"
        role="search"
        aria-label="Filtrer le tableau"
        onSubmit={(event) => {
          event.preventDefault();
          go({ q: search.trim() || undefined });
        }}
        sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
      >
        <TextField label="Rechercher un membre (nom, e-mail)" size="small" value={search} onChange={(event) => setSearch(event.target.value)} sx={{ flex: '1 1 16rem' }} />
        <TextField
          select
          size="small"
          label="Formation"
          value={filters.course_id ?? ''}
          onChange={(event) => go({ cours: event.target.value || undefined })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 220 }}
        >
          <option value="">Toutes les formations</option>
          {courses.data?.map((course) => (
            <option key={course.id} value={course.id}>
              {course.title}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Avancement"
          value={filters.status ?? ''}
          onChange={(event) => go({ statut: event.target.value || undefined })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 200 }}
        >
          <option value="">Tous</option>
          {progressStatuses.map((s) => (
            <option key={s} value={s}>
              {progressStatusLabels[s]}
            </option>
          ))}
        </TextField>
        <Button type="submit" variant="outlined">
          Rechercher
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          disabled={exporter.isPending}
          onClick={() => exporter.mutate({ q: filters.q, course_id: filters.course_id, status: filters.status })}
        >
          Exporter en CSV
        </Button>
      </Box>
      {exporter.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {exporter.error.message}
        </Alert>
      )}

      {dashboard.isPending && <CircularProgress aria-label="Chargement du tableau de bord" />}
      {dashboard.isError && <Alert severity="error">{dashboard.error.message}</Alert>}
      {data && data.items.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography sx={{ mb: 1 }}>
            {filters.q || filters.course_id || filters.status ? 'Aucune ligne ne correspond à ces critères.' : "Aucun membre n'a encore rejoint votre organisation."}
          </Typography>
          {!filters.q && !filters.course_id && !filters.status && (
            <Link component={RouterLink} to={webPaths.organisationMembers}>
              Inviter des membres
            </Link>
          )}
        </Paper>
      )}
      {data && data.items.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small">
            <caption style={visuallyHidden}>
              Progression des membres par formation. Les lignes sans activité depuis {INACTIVE_DAYS} jours sont signalées « Inactif ».
            </caption>
            <TableHead>
              <TableRow>
                <TableCell scope="col">Membre</TableCell>
                <TableCell scope="col">Formation</TableCell>
                <TableCell scope="col">Progression</TableCell>
                <TableCell scope="col">Dernière activité</TableCell>
                <TableCell scope="col">Terminée le</TableCell>
                <TableCell scope="col">Attestation</TableCell>
                <TableCell scope="col">Justificatifs</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((row) => (
                <TableRow
                  key={`${row.member_id}-${row.course?.id ?? 'aucune'}`}
                  // Highlighted by colour and said in words: the chip reads « Inactif depuis 14 jours ».
                  sx={row.inactive ? { bgcolor: 'rgba(180, 83, 9, 0.08)', '& > td:first-of-type': { borderLeft: 4, borderLeftColor: 'warning.main' } } : undefined}
                >
                  <TableCell>
                    <Typography sx={{ fontWeight: 600 }}>{row.name}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {row.email}
                    </Typography>
                    {row.inactive && <Chip size="small" color="warning" icon={<WarningIcon />} label={progressStatusLabels.inactive} sx={{ mt: 0.5 }} />}
                    {/* Issue 26: a consenting member, reached in a conversation on /messages. */}
                    <Box sx={{ mt: 0.5 }}>
                      <ContactButton recipientId={row.user_id} variant="text" size="small" aria-label={`Écrire à ${row.name}`}>
                        Écrire
                      </ContactButton>
                    </Box>
                  </TableCell>
                  <TableCell>{row.course ? row.course.title : <Typography color="text.secondary">Aucune formation</Typography>}</TableCell>
                  <TableCell>
                    <ProgressCell row={row} />
                  </TableCell>
                  <TableCell>{row.last_activity_at ? formatDay(row.last_activity_at) : row.course ? 'Aucune' : '—'}</TableCell>
                  <TableCell>{row.completed_at ? formatDay(row.completed_at) : '—'}</TableCell>
                  <TableCell>
                    {row.certificate ? (
                      <Link component={RouterLink} to={webPaths.certificate(row.certificate.code)} aria-label={`Attestation ${row.certificate.number} de ${row.name}`}>
                        {row.certificate.number}
                      </Link>
                    ) : row.certificate_revoked_at ? (
                      'révoquée'
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell>{row.enrolment_id !== null && row.course ? <EnrolmentProofs enrolmentId={row.enrolment_id} subject={`${row.name}, ${row.course.title}`} size="small" /> : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {data && <Pager info={data} page={page} onChange={(next) => go({ page: next > 1 ? String(next) : undefined })} label="Pages du tableau" />}
      {data?.totalCapped && (
        <Typography color="text.secondary" sx={{ mt: 2, textAlign: 'center' }}>
          Plus de {formatNumber(SEARCH_COUNT_CAP)} lignes correspondent : précisez la recherche pour les parcourir, ou téléchargez l’export, qui les contient toutes.
        </Typography>
      )}
    </Container>
  );
}
