import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import TablePagination from '@mui/material/TablePagination';
import { pageCount, type PageInfo } from '../../shared/paging';
import { formatNumber } from '../../shared/french-format';

const moveLabels = { first: 'Première page', last: 'Dernière page', next: 'Page suivante', previous: 'Page précédente' } as const;

/** What a screen reader says of each button: the page it leads to, or that it is the current one. */
function itemLabel(type: string, page: number | null, selected: boolean): string {
  if (type === 'page') return selected ? `Page ${page}, page actuelle` : `Aller à la page ${page}`;
  return moveLabels[type as keyof typeof moveLabels] ?? '';
}

export interface PagerRows {
  /** The search matched more rows than the server counted: "sur plus de 1 000", no last page. */
  capped?: boolean;
  /** The page sizes to choose from ("Lignes par page"); none when the size is fixed. */
  sizes?: readonly number[];
  onSizeChange?: (size: number) => void;
}

/**
 * The pager of every paged list, fed by the list's answer (`total`, `pageSize`, see
 * src/shared/paging.ts), with French labels. Numbered pages under a list; `rows` turns it into a
 * table's pager ("21–40 sur 45", and the page size when there is a choice). It shows nothing when
 * there is nothing to choose: a single page, and no size to pick. `label` names it ("Pages du catalogue").
 */
export function Pager({
  label,
  info,
  page,
  onChange,
  rows,
  mt = 3,
}: {
  label: string;
  info: Pick<PageInfo, 'total' | 'pageSize'>;
  page: number;
  onChange: (page: number) => void;
  rows?: PagerRows;
  mt?: number;
}) {
  const count = pageCount(info);
  if (rows) {
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
  if (count <= 1) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt }}>
      <Pagination
        count={count}
        page={Math.min(page, count)}
        onChange={(_event, next) => onChange(next)}
        color="primary"
        shape="rounded"
        aria-label={label}
        getItemAriaLabel={itemLabel}
      />
    </Box>
  );
}
