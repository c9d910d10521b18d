import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Fragment, type MouseEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { AdminUser, AdminUsersResponse } from '../../../../shared/admin';
import { webPaths } from '../../../../shared/web-paths';
import { adminText, fullName } from '../admin-text';
import { RowsPager } from '../../../components/RowsPager';
import { MAX_PAGE_SIZE } from '../../../../shared/constants';

/** The page sizes the administrator chooses from; the server accepts up to MAX_PAGE_SIZE. */
const PAGE_SIZES = [10, 20, 50, MAX_PAGE_SIZE];

/** One piece of information shown for each user, after the name. */
export interface UserField {
  /** The column header on wide screens, the label before the value on a card. */
  label: string;
  value: (user: AdminUser) => ReactNode;
  /** Long unbroken text (an e-mail address) may break anywhere rather than widen the list. */
  breakAnywhere?: boolean;
}

const stop = (event: MouseEvent) => event.stopPropagation();
const actionsSx = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 } as const;

function NameLink({ user }: { user: AdminUser }) {
  return (
    <Link component={RouterLink} to={webPaths.adminUser(user.id)} onClick={stop} sx={{ fontWeight: 600 }}>
      {fullName(user)}
    </Link>
  );
}

interface RowsProps {
  /** The accessible name of the table or of the list of cards. */
  label: string;
  fields: UserField[];
  /** The last column's header ('Actions' unless told). */
  actionsLabel?: string;
  actions: (user: AdminUser) => ReactNode;
  /** Shown once loaded when no user matches; by default, that nothing matched the search or filters. */
  empty?: ReactNode;
  /** A click anywhere on a row opens the user's page (the name stays the link for the keyboard). */
  rowOpensUser?: boolean;
}

const noMatch = (
  <>
    <Typography sx={{ fontWeight: 600 }}>{adminText.noUsers}</Typography>
    <Typography color="text.secondary">{adminText.noUsersHint}</Typography>
  </>
);

/** A table from the medium breakpoint up, one card per user below it, so every field and action fits a phone. */
function UsersRows({ label, users, fields, actionsLabel = 'Actions', actions, empty = noMatch, rowOpensUser = false }: RowsProps & { users: AdminUser[] | undefined }) {
  const navigate = useNavigate();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const rows = users ?? [];
  const isEmpty = users !== undefined && users.length === 0;

  if (narrow) {
    if (users === undefined) return null;
    if (isEmpty) return <Box sx={{ py: 6, textAlign: 'center' }}>{empty}</Box>;
    return (
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {users.map((user) => (
          <Paper component="li" variant="outlined" key={user.id} sx={{ p: 2, minWidth: 0 }}>
            <NameLink user={user} />
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', alignItems: 'center', columnGap: 2, rowGap: 0.75, my: 1.5 }}>
              {fields.map((field) => (
                <Fragment key={field.label}>
                  <Box component="dt" sx={{ color: 'text.secondary', fontSize: 14 }}>
                    {field.label}
                  </Box>
                  <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                    {field.value(user)}
                  </Box>
                </Fragment>
              ))}
            </Box>
            <Box sx={actionsSx}>{actions(user)}</Box>
          </Paper>
        ))}
      </Box>
    );
  }

  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Nom</TableCell>
            {fields.map((field) => (
              <TableCell key={field.label}>{field.label}</TableCell>
            ))}
            <TableCell>{actionsLabel}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((user) => (
            <TableRow
              key={user.id}
              hover
              onClick={rowOpensUser ? () => navigate(webPaths.adminUser(user.id)) : undefined}
              sx={rowOpensUser ? { cursor: 'pointer' } : undefined}
            >
              <TableCell>
                <NameLink user={user} />
              </TableCell>
              {fields.map((field) => (
                <TableCell key={field.label} sx={field.breakAnywhere ? { wordBreak: 'break-all' } : undefined}>
                  {field.value(user)}
                </TableCell>
              ))}
              <TableCell onClick={stop}>
                <Box sx={{ ...actionsSx, flexWrap: 'nowrap' }}>{actions(user)}</Box>
              </TableCell>
            </TableRow>
          ))}
          {isEmpty && (
            <TableRow>
              <TableCell colSpan={fields.length + 2} sx={{ py: 6, textAlign: 'center' }}>
                {empty}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The part of the users query the list shows: its page, its failure, its loading. */
export interface UsersQuery {
  data: AdminUsersResponse | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The administration's user lists (dashboard, members, pending trainers): the failure with a retry,
 * the loading bar, the users as a table or as cards, and the server-side pagination.
 */
export function UsersList({
  query,
  loadFailed,
  loadingLabel,
  page,
  pageSize,
  onPaging,
  ...rows
}: RowsProps & {
  query: UsersQuery;
  /** Said when the page could not be loaded. */
  loadFailed: string;
  /** The loading bar's accessible name. */
  loadingLabel: string;
  page: number;
  pageSize: number;
  onPaging: (changes: { page?: number; pageSize?: number }) => void;
}) {
  const { data } = query;
  return (
    <>
      {query.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => query.refetch()}>
              Réessayer
            </Button>
          }
        >
          {loadFailed}
        </Alert>
      )}
      <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress aria-label={loadingLabel} />}</Box>
      <UsersRows {...rows} users={data?.users} />
      {data && (
        <RowsPager
          label="Pages des utilisateurs"
          info={{ total: data.total, pageSize }}
          page={page}
          onChange={(next) => onPaging({ page: next })}
          rows={{ capped: data.totalCapped, sizes: PAGE_SIZES, onSizeChange: (next) => onPaging({ pageSize: next }) }}
        />
      )}
    </>
  );
}
