import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
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
import { useSearchParams } from 'react-router';
import { memberStatuses, memberStatusLabels, type EnrolResult, type MemberStatus, type OrganisationMember } from '../../../../shared/organisations';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDay, formatNumber, plural } from '../../../../shared/french-format';
import { usePageTitle } from '../../../lib/page-title';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CsvImport } from '../components/CsvImport';
import { DetailsMissing, isDetailsMissing } from '../components/DetailsMissing';
import { EnrolDialog } from '../components/EnrolDialog';
import { InviteForm } from '../components/InviteForm';
import { Pager } from '../../../components/Pager';

const statusColors: Record<MemberStatus, 'success' | 'default' | 'warning' | 'error'> = {
  active: 'success',
  invited: 'default',
  declined: 'warning',
  left: 'default',
  removed: 'default',
};

function readStatus(raw: string | null): MemberStatus | undefined {
  return (memberStatuses as readonly string[]).includes(raw ?? '') ? (raw as MemberStatus) : undefined;
}

/** What the organisation does to a row: cancel an invitation, remove a member, or forget an ended row. */
function removalLabels(member: OrganisationMember): { button: string; title: string; text: string; confirm: string } {
  if (member.status === 'active') {
    return {
      button: 'Retirer',
      title: `Retirer ${member.name ?? member.email} de l'organisation ?`,
      text: "Vous n'aurez plus accès à sa progression. Ses formations et ses attestations lui restent. Pour le retrouver, il faudra l'inviter de nouveau.",
      confirm: 'Retirer le membre',
    };
  }
  if (member.status === 'invited') {
    return { button: "Annuler l'invitation", title: `Annuler l'invitation de ${member.email} ?`, text: "Le lien de l'invitation ne fonctionnera plus.", confirm: "Annuler l'invitation" };
  }
  return { button: 'Effacer', title: `Effacer ${member.email} de la liste ?`, text: 'La ligne disparaît de votre liste. Vous pourrez inviter cette adresse de nouveau.', confirm: 'Effacer' };
}

/** /organisme/membres: invite, import, follow the invitations, enrol members into courses (decision 025). */
export default function MembersPage() {
  usePageTitle('Membres');
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get('statut'));
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const members = useMembers({ q: q || undefined, status, page });
  const remove = useRemoveMember();
  const [search, setSearch] = useState(q);
  const [selected, setSelected] = useState<number[]>([]);
  const [enrolOpen, setEnrolOpen] = useState(false);
  const [removing, setRemoving] = useState<OrganisationMember | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function go(next: { status?: MemberStatus | undefined; q?: string; page?: number }) {
    const query = new URLSearchParams();
    const nextStatus = 'status' in next ? next.status : status;
    const nextQ = next.q ?? q;
    if (nextStatus) query.set('statut', nextStatus);
    if (nextQ) query.set('q', nextQ);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    setParams(query);
  }

  function toggle(id: number) {
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  }

  function enrolled(result: EnrolResult) {
    setEnrolOpen(false);
    setSelected([]);
    const who = plural(result.enrolled, 'membre inscrit', 'membres inscrits');
    const already = result.already > 0 ? ` (${plural(result.already, 'déjà inscrit', 'déjà inscrits')} par votre organisation)` : '';
    setNotice(`${who} à « ${result.course.title} »${already}. Places utilisées : ${result.course.used} sur ${result.course.seats}.`);
  }

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      setSelected((current) => current.filter((id) => id !== removing.id));
    } finally {
      setRemoving(null);
    }
  }

  const data = members.data;
  const activeOnPage = data?.items.filter((m) => m.status === 'active') ?? [];
  const removal = removing ? removalLabels(removing) : null;

  if (members.isError && isDetailsMissing(members.error)) {
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
          Membres
        </Typography>
        <DetailsMissing />
      </Container>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Membres
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Invitez vos salariés ou bénévoles. Chacun accepte l'invitation et consent à partager sa progression avec votre organisation ; il peut la quitter
        à tout moment.
      </Typography>

      {/* minmax(0, …): a long file name or a wide preview scrolls inside its card instead of widening the page (issue 25, 390 px). */}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 3, mb: 4 }}>
        <Paper variant="outlined" component="section" aria-labelledby="inviter-une-personne" sx={{ p: 3 }}>
          <Typography id="inviter-une-personne" component="h2" variant="h6" sx={{ mb: 2 }}>
            Inviter une personne
          </Typography>
          <InviteForm />
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="importer-un-fichier" sx={{ p: 3 }}>
          <Typography id="importer-un-fichier" component="h2" variant="h6" sx={{ mb: 1 }}>
            Importer un fichier CSV
          </Typography>
          <CsvImport />
        </Paper>
      </Box>

      <Box component="section" aria-labelledby="liste-des-membres" sx={{ minWidth: 0 }}>
        <Typography id="liste-des-membres" component="h2" variant="h5" sx={{ mb: 2 }}>
          Membres et invitations{data ? ` (${formatNumber(data.total)})` : ''}
        </Typography>
        <Box
          component="form"
          role="search"
          aria-label="Filtrer les membres"
          onSubmit={(event) => {
            event.preventDefault();
            go({ q: search.trim(), page: 1 });
          }}
          sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 2, alignItems: 'center' }}
        >
          <TextField label="Rechercher (nom, e-mail)" size="small" value={search} onChange={(event) => setSearch(event.target.value)} sx={{ flex: '1 1 14rem' }} />
          <TextField
            select
            size="small"
            label="Statut"
            value={status ?? ''}
            onChange={(event) => go({ status: readStatus(event.target.value), page: 1 })}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: { xs: '100%', sm: 220 } }}
          >
            <option value="">Tous ({data ? Object.values(data.counts).reduce((a, b) => a + b, 0) : '…'})</option>
            {memberStatuses.map((s) => (
              <option key={s} value={s}>
                {`${memberStatusLabels[s]} (${data?.counts[s] ?? '…'})`}
              </option>
            ))}
          </TextField>
          <Button type="submit" variant="outlined">
            Rechercher
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button variant="contained" disabled={selected.length === 0} onClick={() => setEnrolOpen(true)}>
            {selected.length > 1 ? `Inscrire les ${selected.length} membres à une formation` : 'Inscrire à une formation'}
          </Button>
        </Box>

        {notice && (
          <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        {remove.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {remove.error.message}
          </Alert>
        )}
        {members.isPending && <CircularProgress aria-label="Chargement des membres" />}
        {members.isError && <Alert severity="error">{members.error.message}</Alert>}
        {data && data.items.length === 0 && (
          <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
            <Typography>{q || status ? 'Aucun membre ne correspond à ces critères.' : "Vous n'avez encore invité personne."}</Typography>
          </Paper>
        )}
        {data && data.items.length > 0 && (
          // On a phone the table scrolls inside its own frame (focusable, so the keyboard scrolls it too); the page keeps its width (issue 25).
          // `position: relative` keeps the visually hidden header texts (absolutely positioned) inside it: they widened the page to 574 px.
          <TableContainer
            component={Paper}
            variant="outlined"
            tabIndex={0}
            aria-label="Tableau des membres (défilement horizontal sur petit écran)"
            sx={{ maxWidth: '100%', overflowX: 'auto', position: 'relative' }}
          >
            <Table size="small" sx={{ minWidth: 560 }}>
              <caption style={visuallyHidden}>
                Membres et invitations de votre organisation ; cochez des membres pour les inscrire à une formation.
              </caption>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={activeOnPage.length > 0 && activeOnPage.every((m) => selected.includes(m.id))}
                      indeterminate={activeOnPage.some((m) => selected.includes(m.id)) && !activeOnPage.every((m) => selected.includes(m.id))}
                      disabled={activeOnPage.length === 0}
                      onChange={(event) =>
                        setSelected((current) =>
                          event.target.checked ? [...new Set([...current, ...activeOnPage.map((m) => m.id)])] : current.filter((id) => !activeOnPage.some((m) => m.id === id)),
                        )
                      }
                      slotProps={{ input: { 'aria-label': 'Sélectionner tous les membres de la page' } }}
                    />
                  </TableCell>
                  <TableCell scope="col">Personne</TableCell>
                  <TableCell scope="col">Statut</TableCell>
                  <TableCell scope="col">Depuis</TableCell>
                  <TableCell scope="col">Formations</TableCell>
                  <TableCell scope="col">
                    <span style={visuallyHidden}>Actions</span>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.items.map((member) => {
                  const label = member.name ?? member.email;
                  return (
                    <TableRow key={member.id} hover selected={selected.includes(member.id)}>
                      <TableCell padding="checkbox">
                        {member.status === 'active' && (
                          <Checkbox checked={selected.includes(member.id)} onChange={() => toggle(member.id)} slotProps={{ input: { 'aria-label': `Sélectionner ${label}` } }} />
                        )}
                      </TableCell>
                      <TableCell>
                        {member.name && <Typography sx={{ fontWeight: 600 }}>{member.name}</Typography>}
                        <Typography variant="body2" color={member.name ? 'text.secondary' : 'text.primary'} sx={{ overflowWrap: 'anywhere' }}>
                          {member.email}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <Chip size="small" label={member.expired ? 'Invitation expirée' : memberStatusLabels[member.status]} color={member.expired ? 'warning' : statusColors[member.status]} />
                      </TableCell>
                      <TableCell>{formatDay(member.status === 'active' ? member.joined_at : (member.ended_at ?? member.invited_at))}</TableCell>
                      <TableCell>{member.courses.length > 0 ? member.courses.map((c) => c.title).join(', ') : '—'}</TableCell>
                      <TableCell align="right">
                        <Button size="small" color="error" onClick={() => setRemoving(member)} aria-label={`${removalLabels(member).button} : ${label}`}>
                          {removalLabels(member).button}
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {data && <Pager info={data} page={page} onChange={(next) => go({ page: next })} label="Pages des membres" />}
      </Box>

      <EnrolDialog open={enrolOpen} memberIds={selected} onClose={() => setEnrolOpen(false)} onDone={enrolled} />
      {removal && (
        <ConfirmDialog open title={removal.title} confirmLabel={removal.confirm} pending={remove.isPending} onClose={() => setRemoving(null)} onConfirm={() => void confirmRemove()}>
          {removal.text}
        </ConfirmDialog>
      )}
    </Container>
  );
}
