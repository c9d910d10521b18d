import TablePagination from '@mui/material/TablePagination';
import { pageCount, type PageInfo } from '../../shared/paging';
import { formatNumber } from '../../shared/french-format';
import { moveLabels, type PagerRows } from './Pager';

/**
 * A table's pager ("21–40 sur 45", and the page size when there is a choice), fed like `Pager`.
 * In a file of its own (decision 056): TablePagination brings Select, Menu, Popover, Modal and
 * Tooltip, which the numbered pager of the catalogue and the other lists does not need.
 */
export function RowsPager({
  label,
  info,
  page,
  onChange,
  rows,
}: {
  label: string;
  info: Pick<PageInfo, 'total' | 'pageSize'>;
  page: number;
  onChange: (page: number) => void;
  rows: PagerRows;
}) {
  const count = pageCount(info);
  if (info.total === 0 || (count <= 1 && !rows.sizes)) return null;
  return (
    <TablePagination
      component="nav"
      aria-label={label}
      count={info.total}
      page={Math.min(Math.max(0, page - 1), count - 1)}
      rowsPerPage={info.pageSize}
      rowsPerPageOptions={rows.sizes ? [...rows.sizes] : [info.pageSize]}
      onPageChange={(_event, next) => onChange(next + 1)}
      onRowsPerPageChange={(event) => rows.onSizeChange?.(Number(event.target.value))}
      labelRowsPerPage="Lignes par page :"
      labelDisplayedRows={({ from, to, count: rowCount }) => `${from}–${to} sur ${rows.capped ? 'plus de ' : ''}${formatNumber(rowCount)}`}
      getItemAriaLabel={(type) => moveLabels[type]}
      showFirstButton
      showLastButton={!rows.capped}
    />
  );
}
