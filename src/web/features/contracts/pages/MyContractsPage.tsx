import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { frenchDay, type MyContract } from '../../../../shared/contracts';
import { formatEuros } from '../../../../shared/french-format';
import { webPaths } from '../../../../shared/web-paths';
import { QueryStatus } from '../../../components/QueryStatus';
import { downloadFile } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useMyContracts } from '../api/get-my-contracts';
import { useWithdraw } from '../api/withdraw';
import { useCardSetup } from '../api/card-setup';
import { ScheduleList } from '../components/ScheduleList';

/** /user/contrats: the learner's contrats de formation: the signed PDF, the withdrawal date, the schedule and its state, « Me rétracter » within the period (issue 29). */
export default function MyContractsPage() {
  usePageTitle('Mes contrats');
  const mine = useMyContracts();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 5 }, px: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 2 }}>
        Mes contrats
      </Typography>
      {!mine.isSuccess ? (
        <QueryStatus query={mine} loadingLabel="Chargement de vos contrats" errorMessage="Impossible de charger vos contrats." />
      ) : mine.data.items.length === 0 ? (
        <Typography>Vous n’avez signé aucun contrat de formation. Les formations payantes se rejoignent en signant leur contrat, depuis leur page.</Typography>
      ) : (
        <Stack spacing={2}>
          {mine.data.items.map((contract) => (
            <ContractCard key={contract.id} contract={contract} />
          ))}
        </Stack>
      )}
    </Container>
  );
}

function ContractCard({ contract }: { contract: MyContract }) {
  const [confirming, setConfirming] = useState(false);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const withdraw = useWithdraw();
  const cardSetup = useCardSetup();
  const titleId = useId();
  const failedCharge = contract.schedule.find((i) => i.charge_error);
  const opensAt = new Date(contract.access_from);

  async function downloadPdf() {
    setPdfError(null);
    try {
      await downloadFile(`/api/contracts/${contract.id}/pdf`, `contrat-de-formation-${contract.id}.pdf`);
    } catch (error) {
      setPdfError(error instanceof Error ? error.message : 'Le téléchargement a échoué.');
    }
  }

  return (
    <Paper component="article" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id={titleId} component="h2" sx={{ fontWeight: 700, fontSize: 18 }}>
        {contract.course_title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Signé le {new Date(contract.signed_at).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })} · {formatEuros(contract.price_cents / 100)}
      </Typography>
      {contract.withdrawn_at ? (
        <Chip label={`Rétracté le ${new Date(contract.withdrawn_at).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })}`} sx={{ mb: 1 }} />
      ) : (
        <>
          <Typography sx={{ mb: 0.5 }}>Délai de rétractation : jusqu’au {frenchDay(contract.withdrawal_until)} inclus.</Typography>
          <Typography sx={{ mb: 1 }}>
            {opensAt.getTime() <= Date.now() ? 'Votre accès aux leçons est ouvert.' : `Votre accès aux leçons ouvrira le ${opensAt.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })}.`}
          </Typography>
        </>
      )}
      <Typography component="h3" sx={{ fontWeight: 700, mt: 1 }}>
        Échéancier
      </Typography>
      <ScheduleList schedule={contract.schedule} />
      {failedCharge && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          Le prélèvement de « {failedCharge.label} » a échoué ({failedCharge.charge_error}). Votre accès n’est pas suspendu : enregistrez une autre carte ou réglez la facture par virement.
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
        <Button variant="outlined" onClick={downloadPdf}>
          Télécharger le contrat signé (PDF)
        </Button>
        {!contract.withdrawn_at && (
          <Button variant="outlined" component={RouterLink} to={webPaths.courseDetail(contract.course_id)}>
            Voir la formation
          </Button>
        )}
        {contract.card_needed && (
          <Button variant="contained" disabled={cardSetup.isPending} onClick={() => cardSetup.mutate(contract.id)}>
            Enregistrer ma carte
          </Button>
        )}
        {contract.can_withdraw && contract.enrolment_id !== null && (
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            Me rétracter
          </Button>
        )}
      </Stack>
      {pdfError && <Alert severity="error" sx={{ mt: 1 }}>{pdfError}</Alert>}
      {cardSetup.error && <Alert severity="error" sx={{ mt: 1 }}>{cardSetup.error.message}</Alert>}
      {withdraw.error && <Alert severity="error" sx={{ mt: 1 }}>{withdraw.error.message}</Alert>}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={`${titleId}-withdraw`}>
        <DialogTitle id={`${titleId}-withdraw`}>Vous rétracter de cette formation ?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Votre inscription à « {contract.course_title} » et votre échéancier seront annulés. Rien ne vous sera facturé. Le contrat signé reste consultable ici.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Annuler</Button>
          <Button
            color="error"
            variant="contained"
            disabled={withdraw.isPending}
            onClick={() => withdraw.mutate(contract.enrolment_id!, { onSettled: () => setConfirming(false) })}
          >
            Confirmer la rétractation
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
