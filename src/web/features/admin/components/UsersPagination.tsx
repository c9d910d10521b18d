import TablePagination from '@mui/material/TablePagination';
import { MAX_PAGE_SIZE } from '../../../../shared/constants';

const numberFormat = new Intl.NumberFormat('fr-FR');
const pageLabels = { first: 'Première page', last: 'Dernière page', next: 'Page suivante', previous: 'Page précédente' } as const;

/** Server-side pagination with French labels; `capped` says the search matched more than `total`. */
export function UsersPagination({
  total,
  capped,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: {
  total: number;
  capped: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, page - 1)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[10, 20, 50, MAX_PAGE_SIZE]}
      onPageChange={(_event, next) => onPageChange(next + 1)}
      onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
      labelRowsPerPage="Lignes par page :"
      labelDisplayedRows={({ from, to, count }) => `${from}–${to} sur ${capped ? 'plus de ' : ''}${numberFormat.format(count)}`}
      getItemAriaLabel={(type) => pageLabels[type]}
      showFirstButton
      showLastButton={!capped}
    />
  );
}
