import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { BpfAnomaly, FundingLine, NsfCode, TraineeType, TrainerStatus, TrainingObjective } from '../../../../shared/bpf';
import { webPaths } from '../../../../shared/web-paths';
import { useClassifyCourse, useClassifyEnrolment, useClassifyTrainer } from '../api/bpf-api';
import { ClassificationSelect } from './ClassificationSelect';
import { fundingLineOptions, nsfOptions, objectiveOptions, traineeTypeOptions, trainerStatusOptions } from './options';

const kindLabels: Record<BpfAnomaly['kind'], string> = { enrolment: 'Inscription', course: 'Formation', trainer: 'Formateur' };

/** One anomaly and its quick fix: the missing classifications, set here (the report refreshes). */
function AnomalyItem({ anomaly, onSaved, onFailed }: { anomaly: BpfAnomaly; onSaved: () => void; onFailed: () => void }) {
  const enrolment = useClassifyEnrolment();
  const course = useClassifyCourse();
  const trainer = useClassifyTrainer();
  const handlers = { onSuccess: onSaved, onError: onFailed };
  const headingId = `anomalie-${anomaly.kind}-${anomaly.id}`;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }} aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" sx={{ fontWeight: 600 }}>
        {kindLabels[anomaly.kind]} : {anomaly.label}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {anomaly.missing.join(' ; ')}.{' '}
        {anomaly.kind === 'course' && (
          <Link underline="always" component={RouterLink} to={webPaths.adminCourse(anomaly.id)}>
            Voir la formation
          </Link>
        )}
        {anomaly.kind === 'trainer' && (
          <Link underline="always" component={RouterLink} to={webPaths.adminUser(anomaly.id)}>
            Voir le formateur
          </Link>
        )}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {anomaly.kind === 'enrolment' && (
          <>
            <ClassificationSelect<TraineeType>
              label="Type de stagiaire (F-1)"
              value={anomaly.trainee_type}
              options={traineeTypeOptions}
              disabled={enrolment.isPending}
              onChange={(value) => enrolment.mutate({ id: anomaly.id, trainee_type: value }, handlers)}
            />
            <ClassificationSelect<FundingLine>
              label="Origine du financement (C)"
              value={anomaly.funding_line}
              options={fundingLineOptions}
              disabled={enrolment.isPending}
              onChange={(value) => enrolment.mutate({ id: anomaly.id, funding_line: value }, handlers)}
            />
          </>
        )}
        {anomaly.kind === 'course' && (
          <>
            <ClassificationSelect<TrainingObjective>
              label="Objectif (F-3)"
              value={anomaly.objective}
              options={objectiveOptions}
              disabled={course.isPending}
              onChange={(value) => course.mutate({ id: anomaly.id, objective: value }, handlers)}
            />
            <ClassificationSelect<NsfCode>
              label="Spécialité NSF (F-4)"
              value={anomaly.nsf_code as NsfCode | null | undefined}
              options={nsfOptions}
              disabled={course.isPending}
              onChange={(value) => course.mutate({ id: anomaly.id, nsf_code: value }, handlers)}
            />
          </>
        )}
        {anomaly.kind === 'trainer' && (
          <ClassificationSelect<TrainerStatus>
            label="Interne ou externe (E)"
            value={anomaly.status}
            options={trainerStatusOptions}
            disabled={trainer.isPending}
            onChange={(value) => trainer.mutate({ id: anomaly.id, status: value }, handlers)}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** What the year's BPF still lacks, each with its fix; « Aucune anomalie » when everything is classified. */
export function AnomaliesList({ anomalies, onSaved, onFailed }: { anomalies: readonly BpfAnomaly[]; onSaved: () => void; onFailed: () => void }) {
  return (
    <section aria-labelledby="bpf-anomalies-title">
      <Typography id="bpf-anomalies-title" variant="h5" component="h2" sx={{ mb: 1.5 }}>
        Anomalies à corriger
      </Typography>
      {anomalies.length === 0 ? (
        <Alert severity="success">Aucune anomalie : toutes les inscriptions, formations et formateurs de l’année sont classés.</Alert>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {anomalies.map((anomaly) => (
            <AnomalyItem key={`${anomaly.kind}-${anomaly.id}`} anomaly={anomaly} onSaved={onSaved} onFailed={onFailed} />
          ))}
        </Stack>
      )}
    </section>
  );
}
