import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { organisationMessages } from '../../../../shared/organisations';
import { ApiError } from '../../../lib/api-client';
import { webPaths } from '../../../../shared/web-paths';

/** Whether an answer says the organisation never gave its details (an account an administrator created). */
export function isDetailsMissing(error: unknown): boolean {
  return error instanceof ApiError && error.message === organisationMessages.detailsMissing;
}

/** The way out of that state: the profile, where the details are given. */
export function DetailsMissing() {
  return (
    <Alert severity="warning">
      {organisationMessages.detailsMissing}{' '}
      <Link component={RouterLink} to={webPaths.profile}>
        Aller à mon profil
      </Link>
    </Alert>
  );
}
